/** What the host hands a sub-app when mounting it. */
export interface SubAppProps {
  /** Route prefix owned by the sub-app: '/admin' or '/dacang'. */
  basename: string;
  /** The path inside the sub-app to show first. */
  path: string;
}

export interface SubAppLifecycle {
  bootstrap(): Promise<void>;
  mount(container: HTMLElement, props: SubAppProps): Promise<void>;
  unmount(): Promise<void>;
}
