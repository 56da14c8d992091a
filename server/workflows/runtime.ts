import { ApiError } from '../http/envelope';
import { type Actor, type Engine, rowName, stateLabel } from '../resources/context';
import type { AnyDb } from '../resources/sql/db';
import { nextId, stampValues } from '../resources/values';
import type { ResourceDef, TransitionDef, WorkflowDef } from '../../src/schema/types';
import type { WorkflowStep } from '../../src/generated/schema-files';
import type { ApprovalInstanceRow } from '../../src/generated/resources/approvalInstance';
import { conditionHolds } from '../../src/schema/effects';
import { resolveApprovers } from './approvers';
import { notify } from './notify';

/** Runs a document's transition on the workflow's behalf (handlers/transition.ts, no permission check). */
export type SystemTransition = (
  trx: AnyDb,
  r: ResourceDef,
  transition: string,
  id: unknown,
  actor: Actor,
) => Promise<Record<string, unknown>>;

/** SPEC 3 workflow order status. */
const RUNNING = 10;
const PASSED = 20;
const REJECTED = 30;
const CANCELLED = 40;
/** approvalTaskStatus */
const TASK = { pending: 0, approved: 1, rejected: 2, transferred: 3, closed: 4 } as const;
/** approvalAction */
const ACTION = { submit: 1, approve: 2, reject: 3, transfer: 4, withdraw: 5, skip: 6 } as const;
/** Who a skipped step's timeline line names. */
const SKIPPED_BY = { realName: '系统' } as Actor;

const TODO_PAGE = '/admin/approval/todoList';
const MINE_PAGE = '/admin/approval/mineList';

/** Whether a step applies to the document (its `when`). */
const holds = (step: WorkflowStep, doc: Record<string, unknown>) =>
  [step.when, ...(step.and ?? [])].every((c) => conditionHolds(c, doc));

/** What the runtime reads of an approval: the row type codegen derives from approvalInstance.json. */
type Instance = Pick<
  ApprovalInstanceRow,
  | 'id'
  | 'instanceCode'
  | 'workflow'
  | 'resource'
  | 'documentId'
  | 'documentTitle'
  | 'submitterId'
  | 'submitterName'
  | 'submitterOrgId'
  | 'status'
  | 'step'
  | 'steps'
>;

/**
 * The approval engine (issue 14): workflows of schemas/workflows guard resource transitions. It is
 * called by the resource engine at fixed points, always inside the writing call's transaction, so a
 * document, its approval, its tasks and their notices change together or not at all.
 */
export class WorkflowRuntime {
  private readonly byTransition = new Map<string, WorkflowDef>();
  /** The resources the hooks below may write a row of: workflow documents and the approval tables. */
  private readonly written = new Set<string>(['approvalTask', 'approvalInstance']);

  constructor(
    private readonly engine: Engine,
    private readonly runTransition: SystemTransition,
    /** Seeding: approvals start without a notice each (the bell would count hundreds). */
    private readonly quiet = false,
  ) {
    for (const w of engine.catalog.workflows.values()) {
      this.written.add(w.resource);
      for (const t of [w.approve, w.reject, w.withdraw])
        if (t) this.byTransition.set(`${w.resource}.${t}`, w);
    }
  }

  /**
   * Whether decided, left and entered may change a row of `r` (so the engine reads it again after
   * them): for any other resource they do nothing at all.
   */
  mayWrite(r: ResourceDef): boolean {
    return this.written.has(r.name);
  }

  private resource(name: string): ResourceDef {
    return this.engine.catalog.resources.get(name)!;
  }

  /**
   * The workflow that alone may run this transition from this state (the transition endpoint refuses
   * it): a document waiting for approval is approved, rejected or withdrawn through its approval only.
   */
  guarding(resource: string, transition: string, state: unknown): WorkflowDef | undefined {
    const w = this.byTransition.get(`${resource}.${transition}`);
    return w && String(w.pendingState) === String(state) ? w : undefined;
  }

  /** Before the engine locks a task or an approval row: lock the approval first, one order for all. */
  async lockFirst(trx: AnyDb, r: ResourceDef, key: { field: string; value: unknown }): Promise<void> {
    if (r.table !== 'approval_task') return;
    const task = await trx
      .selectFrom('approval_task')
      .select('instanceId')
      .where(key.field === 'id' ? 'id' : key.field, '=', key.value)
      .executeTakeFirst();
    if (task)
      await trx
        .selectFrom('approval_instance')
        .select('id')
        .where('id', '=', task.instanceId)
        .forUpdate()
        .execute();
  }

  /** A document just created or moved: entering a workflow's pending state starts its approval. */
  async entered(trx: AnyDb, r: ResourceDef, doc: Record<string, unknown>, actor: Actor): Promise<void> {
    if (!r.states) return;
    const state = doc[r.states.field];
    for (const w of this.engine.catalog.workflows.values())
      if (w.resource === r.name && String(w.pendingState) === String(state))
        await this.start(trx, w, r, doc, actor);
  }

  private async start(
    trx: AnyDb,
    w: WorkflowDef,
    r: ResourceDef,
    doc: Record<string, unknown>,
    actor: Actor,
  ) {
    const steps = w.steps.map((s, i) => (holds(s, doc) ? i : -1)).filter((i) => i >= 0);
    if (!steps.length) {
      // No step applies (e.g. a purchase order below the approval amount): the document passes at
      // once, as if approved, in the same transaction; there is no approval to show.
      await this.runTransition(trx, r, w.approve, doc[r.primaryKey], actor);
      await this.setStatus(trx, w, r, doc[r.primaryKey], PASSED);
      return;
    }
    const inst = this.resource('approvalInstance');
    const id = await nextId(trx, inst);
    const first = w.steps[steps[0]!]!;
    const values = {
      id,
      ...stampValues({ instanceCode: '$code:SP', createTime: '$now' }, actor, id),
      workflow: w.name,
      workflowTitle: w.title,
      resource: r.name,
      documentId: String(doc[r.primaryKey]),
      documentTitle: rowName(r, doc).slice(0, 120),
      submitterId: actor.userId,
      submitterName: actor.realName,
      submitterOrgId: actor.orgId ?? null,
      status: RUNNING,
      step: steps[0]!,
      stepTitle: first.title,
      steps: steps.join(','),
    };
    await trx.insertInto('approval_instance').values(values).execute();
    await this.record(trx, id, steps[0]!, first.title, actor, ACTION.submit, null);
    await this.setStatus(trx, w, r, doc[r.primaryKey], RUNNING);
    // Every step skipped (the submitter approves each himself): the approval passes at once.
    if (!(await this.openStep(trx, values as unknown as Instance, w, steps[0]!)))
      await this.finish(
        trx,
        values as unknown as Instance,
        w,
        PASSED,
        w.approve,
        actor,
        `您提交的${w.title}（${values.documentTitle}）已审批通过。`,
      );
  }

  /** Opens a step (its tasks and notices), or the next one when it is skipped; false: none is left. */
  private async openStep(trx: AnyDb, inst: Instance, w: WorkflowDef, step: number): Promise<boolean> {
    const s = w.steps[step]!;
    const matched = await resolveApprovers(trx, s.approvers, {
      userId: inst.submitterId,
      orgId: inst.submitterOrgId,
    });
    // Nobody approves his own document; a step he could approve himself may be skipped altogether.
    const people = matched.filter((p) => p.id !== inst.submitterId);
    if (s.skipForSubmitter && people.length < matched.length) {
      await this.record(
        trx,
        inst.id,
        step,
        s.title,
        SKIPPED_BY,
        ACTION.skip,
        '发起人为本步骤审批人，自动跳过',
      );
      const order = inst.steps.split(',').map(Number);
      const next = order[order.indexOf(step) + 1];
      return next === undefined ? false : this.openStep(trx, inst, w, next);
    }
    if (!people.length)
      throw ApiError.conflict(`审批步骤“${s.title}”没有可审批的人员，请联系管理员配置审批人`);
    await trx
      .updateTable('approval_instance')
      .set({ step, stepTitle: s.title })
      .where('id', '=', inst.id)
      .execute();
    for (const p of people) await this.addTask(trx, inst, w, step, p);
    if (this.quiet) return true;
    await notify(
      trx,
      people.map((p) => p.id),
      `待审批：${inst.documentTitle}`.slice(0, 50),
      `${inst.submitterName}提交的${w.title}（${inst.documentTitle}）等待您审批，当前步骤：${s.title}。`,
      `${TODO_PAGE}?keyword=${encodeURIComponent(inst.instanceCode)}`,
    );
    return true;
  }

  private async addTask(
    trx: AnyDb,
    inst: Instance,
    w: WorkflowDef,
    step: number,
    p: { id: number; realName: string },
  ) {
    await trx
      .insertInto('approval_task')
      .values({
        instanceId: inst.id,
        instanceCode: inst.instanceCode,
        resource: inst.resource,
        documentId: inst.documentId,
        workflowTitle: w.title,
        documentTitle: inst.documentTitle,
        step,
        stepTitle: w.steps[step]!.title,
        userId: p.id,
        userName: p.realName,
        submitterName: inst.submitterName,
        status: TASK.pending,
        createTime: new Date(),
      })
      .execute();
  }

  private async record(
    trx: AnyDb,
    instanceId: number,
    step: number,
    stepTitle: string,
    actor: Actor,
    action: number,
    comment: string | null,
  ) {
    await trx
      .insertInto('approval_record')
      .values({ instanceId, step, stepTitle, actorName: actor.realName, action, comment, time: new Date() })
      .execute();
  }

  private async setStatus(trx: AnyDb, w: WorkflowDef, r: ResourceDef, id: unknown, status: number) {
    if (!w.statusField) return;
    await trx
      .updateTable(r.table)
      .set({ [w.statusField]: status })
      .where(r.primaryKey, '=', id as never)
      .execute();
  }

  private async load(trx: AnyDb, id: unknown): Promise<{ inst: Instance; w: WorkflowDef }> {
    const inst = (await trx
      .selectFrom('approval_instance')
      .selectAll()
      .where('id', '=', id as never)
      .executeTakeFirstOrThrow()) as Instance;
    return { inst, w: this.engine.catalog.workflows.get(inst.workflow)! };
  }

  /** After an approval task or an approval moved (the engine already checked state, actor, permission). */
  async decided(
    trx: AnyDb,
    r: ResourceDef,
    t: TransitionDef,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    actor: Actor,
  ): Promise<void> {
    if (r.table === 'approval_instance') return this.withdrawn(trx, after, actor);
    if (r.table !== 'approval_task') return;
    const { inst, w } = await this.load(trx, before.instanceId);
    const label = stateLabel(this.engine, this.resource('approvalInstance'), inst.status);
    if (inst.status !== RUNNING || inst.step !== before.step)
      throw ApiError.conflict(`${inst.documentTitle}的审批已处理，当前状态为“${label}”`);
    const step = Number(before.step);
    const stepTitle = w.steps[step]!.title;
    if (t.name === 'transfer') return this.transfer(trx, inst, w, step, after, actor);
    if (t.name === 'reject') {
      await this.record(trx, inst.id, step, stepTitle, actor, ACTION.reject, String(after.comment ?? ''));
      await this.closeOpen(trx, inst.id);
      return this.finish(
        trx,
        inst,
        w,
        REJECTED,
        w.reject,
        actor,
        `您提交的${w.title}（${inst.documentTitle}）已被驳回：${String(after.comment ?? '')}`,
      );
    }
    await this.record(
      trx,
      inst.id,
      step,
      stepTitle,
      actor,
      ACTION.approve,
      (after.comment as string) ?? null,
    );
    const mode = w.steps[step]!.mode ?? 'oneOf';
    if (mode === 'oneOf') await this.closeOpen(trx, inst.id);
    else {
      const open = await trx
        .selectFrom('approval_task')
        .select('id')
        .where('instanceId', '=', inst.id)
        .where('status', '=', TASK.pending)
        .execute();
      if (open.length) return; // all-of: the others still have to approve
    }
    const order = inst.steps.split(',').map(Number);
    const next = order[order.indexOf(step) + 1];
    if (next !== undefined && (await this.openStep(trx, inst, w, next))) return;
    return this.finish(
      trx,
      inst,
      w,
      PASSED,
      w.approve,
      actor,
      `您提交的${w.title}（${inst.documentTitle}）已审批通过。`,
    );
  }

  private async transfer(
    trx: AnyDb,
    inst: Instance,
    w: WorkflowDef,
    step: number,
    task: Record<string, unknown>,
    actor: Actor,
  ) {
    const to = Number(task.transferTo);
    const target = await trx
      .selectFrom('app_user')
      .select(['id', 'realName', 'status'])
      .where('id', '=', to)
      .executeTakeFirst();
    if (!target || target.status !== 1) throw ApiError.conflict('转交对象不存在或已停用');
    if (to === actor.userId || to === inst.submitterId) throw ApiError.conflict('不能转交给自己或审批发起人');
    const already = await trx
      .selectFrom('approval_task')
      .select('id')
      .where('instanceId', '=', inst.id)
      .where('userId', '=', to)
      .where('status', '=', TASK.pending)
      .executeTakeFirst();
    if (already) throw ApiError.conflict(`${String(target.realName)}已是当前步骤的审批人`);
    const name = String(target.realName);
    await this.record(trx, inst.id, step, w.steps[step]!.title, actor, ACTION.transfer, `转交给${name}`);
    await this.addTask(trx, inst, w, step, { id: to, realName: name });
    await notify(
      trx,
      [to],
      `待审批：${inst.documentTitle}`.slice(0, 50),
      `${actor.realName}将${w.title}（${inst.documentTitle}）转交给您审批。`,
      `${TODO_PAGE}?keyword=${encodeURIComponent(inst.instanceCode)}`,
    );
  }

  private async withdrawn(trx: AnyDb, after: Record<string, unknown>, actor: Actor) {
    const { inst, w } = await this.load(trx, after.id);
    if (!w.withdraw) throw ApiError.conflict(`${w.title}不允许撤回`);
    await this.record(trx, inst.id, inst.step, w.steps[inst.step]!.title, actor, ACTION.withdraw, null);
    await this.closeOpen(trx, inst.id);
    const r = this.resource(inst.resource);
    await this.runTransition(trx, r, w.withdraw, this.docKey(r, inst), actor);
    await this.setStatus(trx, w, r, this.docKey(r, inst), CANCELLED);
  }

  /**
   * A document taken out of a workflow's pending state by a transition the workflow does not run (a
   * manager cancels a return while it waits): its approval ends as cancelled, its open tasks close.
   */
  async left(
    trx: AnyDb,
    r: ResourceDef,
    t: TransitionDef,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    actor: Actor,
  ): Promise<void> {
    if (!r.states) return;
    const from = String(before[r.states.field]);
    const to = String(after[r.states.field]);
    for (const w of this.engine.catalog.workflows.values()) {
      if (w.resource !== r.name || String(w.pendingState) !== from || to === from) continue;
      if ([w.approve, w.reject, w.withdraw].includes(t.name)) continue;
      const inst = (await trx
        .selectFrom('approval_instance')
        .selectAll()
        .where('resource', '=', r.name)
        .where('documentId', '=', String(before[r.primaryKey]))
        .where('status', '=', RUNNING)
        .forUpdate()
        .executeTakeFirst()) as Instance | undefined;
      if (!inst) continue;
      await this.record(
        trx,
        inst.id,
        inst.step,
        w.steps[inst.step]!.title,
        actor,
        ACTION.withdraw,
        `${t.title}，审批终止`,
      );
      await this.closeOpen(trx, inst.id);
      await trx
        .updateTable('approval_instance')
        .set({ status: CANCELLED, finishTime: new Date(), stepTitle: null })
        .where('id', '=', inst.id)
        .execute();
      await this.setStatus(trx, w, r, before[r.primaryKey], CANCELLED);
    }
  }

  private docKey(r: ResourceDef, inst: Instance): unknown {
    const f = r.fields[r.primaryKey];
    return f?.type === 'integer' ? Number(inst.documentId) : inst.documentId;
  }

  /** Tasks nobody needs to decide any more (the step or the approval ended without them). */
  private async closeOpen(trx: AnyDb, instanceId: number) {
    await trx
      .updateTable('approval_task')
      .set({ status: TASK.closed, decideTime: new Date() })
      .where('instanceId', '=', instanceId)
      .where('status', '=', TASK.pending)
      .execute();
  }

  private async finish(
    trx: AnyDb,
    inst: Instance,
    w: WorkflowDef,
    status: number,
    transition: string,
    actor: Actor,
    text: string,
  ) {
    await trx
      .updateTable('approval_instance')
      .set({ status, finishTime: new Date(), stepTitle: null })
      .where('id', '=', inst.id)
      .execute();
    const r = this.resource(inst.resource);
    // The guarded transition and its side effects happen now, in this transaction, as the approver.
    await this.runTransition(trx, r, transition, this.docKey(r, inst), actor);
    await this.setStatus(trx, w, r, this.docKey(r, inst), status);
    await notify(
      trx,
      [inst.submitterId],
      `审批结果：${inst.documentTitle}`.slice(0, 50),
      text,
      `${MINE_PAGE}?keyword=${encodeURIComponent(inst.instanceCode)}`,
    );
  }
}
