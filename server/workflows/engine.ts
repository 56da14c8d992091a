import { applyTransition, type Authorize } from '../resources/handlers/transition';
import type { Engine } from '../resources/context';
import { WorkflowRuntime } from './runtime';

/** The approval engine runs the guarded transitions itself, with no permission check of its own. */
const allow: Authorize = async () => {};

/**
 * Attaches the approval engine to a resource engine: the runtime, given the one way to run a
 * document's transition on its behalf. Used by the server (resources/index.ts) and the demo seed.
 */
export function attachWorkflows(engine: Engine, options: { quiet?: boolean } = {}): WorkflowRuntime {
  const runtime = new WorkflowRuntime(
    engine,
    (trx, r, name, id, actor) =>
      applyTransition(
        engine,
        trx,
        r,
        r.states!.transitions.find((t) => t.name === name)!,
        { field: r.primaryKey, value: id },
        {},
        actor,
        allow,
        { system: true },
      ),
    options.quiet ?? false,
  );
  engine.workflows = runtime;
  return runtime;
}
