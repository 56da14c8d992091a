import { type ComponentType, createContext, type LazyExoticComponent, Suspense, useContext } from 'react';
import { panelComponents } from '../panels/lazy';

/** The dialogs and panels the layout opens (SPEC 2.12, 2.13). */
export type PanelName = 'printerV1' | 'printerV2' | 'downloadCenter' | 'messages';

export interface PanelProps {
  open: boolean;
  onClose(): void;
}

/** The registry: one lazy component per panel (src/host/panels), each loaded when first opened. */
export const PANELS: Partial<Record<PanelName, LazyExoticComponent<ComponentType<PanelProps>>>> =
  panelComponents;

export const OpenPanelContext = createContext<(name: PanelName) => void>(() => undefined);

/** Opens a layout panel by name (header entries, the bell, the marquee). */
export const useOpenPanel = () => useContext(OpenPanelContext);

/** Renders the open panel, if it is registered. */
export function PanelHost({ open, onClose }: { open: PanelName | null; onClose(): void }) {
  const Panel = open ? PANELS[open] : undefined;
  if (!Panel) return null;
  return (
    <Suspense fallback={null}>
      <Panel open onClose={onClose} />
    </Suspense>
  );
}
