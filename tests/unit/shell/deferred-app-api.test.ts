import { describe, expect, it, vi } from 'vitest';
import { type AppApi, createDeferredApi } from '@/runtime/antd-app/deferred-api';

/** A stand-in for antd's hook APIs that records the calls. */
function recordingApi(calls: string[]): AppApi {
  const closer = Object.assign(() => calls.push('message closed'), {
    then: (ok?: (v: boolean) => unknown) => Promise.resolve(true).then(ok),
  });
  const handle = {
    destroy: () => calls.push('modal destroyed'),
    update: () => calls.push('modal updated'),
    then: <T>(ok: (v: boolean) => T) => Promise.resolve(true).then(ok),
  };
  const message = Object.fromEntries(
    ['info', 'success', 'error', 'warning', 'loading', 'open'].map((m) => [
      m,
      (content: unknown) => (calls.push(`message.${m} ${String(content)}`), closer),
    ]),
  );
  const modal = Object.fromEntries(
    ['info', 'success', 'error', 'warning', 'confirm'].map((m) => [
      m,
      (config: { title: string }) => (calls.push(`modal.${m} ${config.title}`), handle),
    ]),
  );
  const notification = Object.fromEntries(
    ['info', 'success', 'error', 'warning', 'open', 'destroy'].map((m) => [
      m,
      (config?: { message: string }) => void calls.push(`notification.${m} ${config?.message ?? ''}`),
    ]),
  );
  return {
    message: { ...message, destroy: () => void calls.push('message.destroy') },
    modal,
    notification,
  } as never;
}

describe('deferred App API (LazyApp)', () => {
  it('asks for antd once called, then makes the queued calls in order', async () => {
    const needed = vi.fn();
    const calls: string[] = [];
    const { api, attach } = createDeferredApi(needed);
    expect(needed).not.toHaveBeenCalled();
    void api.message.error('bad');
    api.modal.confirm({ title: 'sure?' });
    api.notification.info({ message: 'note' });
    expect(needed).toHaveBeenCalled();
    await Promise.resolve();
    expect(calls).toEqual([]);
    attach(recordingApi(calls));
    await new Promise((r) => setTimeout(r));
    expect(calls).toEqual(['message.error bad', 'modal.confirm sure?', 'notification.info note']);
  });

  it('goes straight to antd once attached', () => {
    const calls: string[] = [];
    const { api, attach } = createDeferredApi(() => undefined);
    attach(recordingApi(calls));
    void api.message.success('ok');
    api.modal.warning({ title: 'w' });
    expect(calls).toEqual(['message.success ok', 'modal.warning w']);
  });

  it('forwards what an early call returns to what antd returned', async () => {
    const calls: string[] = [];
    const { api, attach } = createDeferredApi(() => undefined);
    const closer = api.message.loading('wait');
    const dialog = api.modal.confirm({ title: 'q' });
    closer();
    dialog.destroy();
    const confirmed = dialog.then(
      (v) => v,
      () => undefined,
    );
    const closed = new Promise((resolve) => closer.then(resolve));
    attach(recordingApi(calls));
    expect(await confirmed).toBe(true);
    expect(await closed).toBe(true);
    expect(calls).toEqual(['message.loading wait', 'modal.confirm q', 'message closed', 'modal destroyed']);
  });
});
