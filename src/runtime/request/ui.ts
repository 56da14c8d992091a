/**
 * The user-visible side effects of the request layer, injectable so that it depends on neither antd nor
 * the router. The host installs createAntdRequestUi() (antd-ui.ts) or its own at start-up; tests
 * install a recorder.
 */
export interface RequestUi {
  /** An error toast. */
  error(msg: string): void;
  /** A blocking box with one confirm button; onOk runs when the user confirms. */
  messageBox(box: { title: string; content: string; onOk: () => void }): void;
  /** Leaves for another route of the console, e.g. '/login'. */
  navigate(path: string): void;
}

/**
 * Until the host installs its adapter (e.g. a failing call during start-up), errors go to the console
 * and navigation uses the location API; a message box cannot wait for a confirm without a UI, so it
 * confirms at once, which ends the session as the confirm would.
 */
const fallbackUi: RequestUi = {
  error: (msg) => console.error(`[request] ${msg}`),
  messageBox: ({ title, content, onOk }) => {
    console.warn(`[request] ${title}: ${content}`);
    onOk();
  },
  navigate: (path) => (globalThis as { location?: Location }).location?.assign(path),
};

let current: RequestUi = fallbackUi;

export function setRequestUi(ui: RequestUi): void {
  current = ui;
}

export function requestUi(): RequestUi {
  return current;
}
