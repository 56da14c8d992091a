import type { ResolveContext } from '@/schema/resolve/context';
import { type PreparedForm, resolveForm } from '@/schema/resolve/form';
import { type PageModel, resolvePage } from '@/schema/resolve/page';
import { enumDef } from './catalogue';
import { computedReaction } from './form/computed';
import { NAMED_VALIDATORS } from './form/validators';
import { hasSchemaPrint } from './prints';
import { hasFormComponent } from './registry';
import type { FormDef, PageDef, ResourceDef } from './schema-types';

/**
 * The schema core's resolvers (src/schema/resolve) bound to what the browser has: the enum files
 * Vite bundled, the named validators, the print files, the widget registry and live Formily
 * reactions for computed fields. The lint calls the same resolvers with the catalog it read.
 */
export const browserContext: ResolveContext = {
  enumDef,
  validators: NAMED_VALIDATORS,
  hasPrint: hasSchemaPrint,
  hasComponent: hasFormComponent,
  computedReaction,
};

export const buildPageModel = (page: PageDef, resource: ResourceDef | undefined, file: string): PageModel =>
  resolvePage(browserContext, page, resource, file);

export const prepareForm = (file: FormDef, r: ResourceDef, fileName: string): PreparedForm =>
  resolveForm(browserContext, file, r, fileName);

export { autoForm } from '@/schema/resolve/form';
export type { PageModel, PreparedForm };
