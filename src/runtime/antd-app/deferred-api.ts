import type { useAppProps } from 'antd/es/app/context';
import type { MessageType } from 'antd/es/message/interface';

/** What App.useApp() gives: antd's message, notification and modal bound to the App's holders. */
export type AppApi = useAppProps;

type ModalHandle = ReturnType<AppApi['modal']['confirm']>;

const MESSAGE_OPENERS = ['info', 'success', 'error', 'warning', 'loading', 'open'] as const;
const NOTIFICATION_METHODS = ['info', 'success', 'error', 'warning', 'open', 'destroy'] as const;
const MODAL_METHODS = ['info', 'success', 'error', 'warning', 'confirm'] as const;

/**
 * The App context's value while antd's message, notification and modal code is not loaded yet (issue
 * 21.6): each method is antd's own once its holders are mounted (`attach`); a call made before that asks
 * for them (`onNeeded`) and is made as soon as they are there, in order. Nothing is drawn here: the
 * toasts and dialogs are antd's. What a call returns before then forwards to what antd's call returns
 * (a message's closer and its promise, a modal's destroy, update and promise).
 */
export function createDeferredApi(onNeeded: () => void) {
  let real: AppApi | undefined;
  const queue: ((api: AppApi) => void)[] = [];
  // The result is boxed: antd's closers and modal handles are thenables, which a promise would adopt.
  const later = <R>(use: (api: AppApi) => R): Promise<{ made: R }> =>
    new Promise<{ made: R }>((resolve) => {
      queue.push((api) => resolve({ made: use(api) }));
      onNeeded();
    });

  const message = {
    destroy: (key) => (real ? real.message.destroy(key) : void later((a) => a.message.destroy(key))),
  } as AppApi['message'];
  for (const name of MESSAGE_OPENERS) {
    message[name] = ((...args: unknown[]): MessageType => {
      const call = (api: AppApi) => (api.message[name] as (...a: unknown[]) => MessageType)(...args);
      if (real) return call(real);
      const opened = later(call);
      const close = (() => void opened.then(({ made }) => made())) as MessageType;
      close.then = (onClosed, onFailed) => opened.then(({ made }) => made.then(onClosed, onFailed));
      return close;
    }) as never;
  }

  const notification = {} as AppApi['notification'];
  for (const name of NOTIFICATION_METHODS) {
    notification[name] = ((...args: unknown[]) => {
      const call = (api: AppApi) => (api.notification[name] as (...a: unknown[]) => void)(...args);
      if (real) call(real);
      else void later(call);
    }) as never;
  }

  const modal = {} as AppApi['modal'];
  for (const name of MODAL_METHODS) {
    modal[name] = ((config: Parameters<AppApi['modal']['confirm']>[0]) => {
      if (real) return real.modal[name](config);
      const opened = later((api) => api.modal[name](config));
      const handle: ModalHandle = {
        destroy: () => void opened.then(({ made }) => made.destroy()),
        update: (change) => void opened.then(({ made }) => made.update(change)),
        then: (onDone, onFailed) => opened.then(({ made }) => made.then(onDone, onFailed)),
      };
      return handle;
    }) as never;
  }

  return {
    api: { message, notification, modal } as AppApi,
    /** antd's API from the mounted holders: queued calls are made now, later ones go straight to it. */
    attach(api: AppApi): void {
      real = api;
      for (const run of queue.splice(0)) run(api);
    },
  };
}
