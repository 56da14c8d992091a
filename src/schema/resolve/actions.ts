import type { ActionDef, ActionType, ResourceDef, TransitionDef } from '../../generated/schema-files';
import { importNameProblems, importProblems, type ResolvedImport, resolveImport } from '../imports';
import type { ResolveContext, ResolveProblem } from './context';

/**
 * Row, toolbar and batch actions with their defaults filled from the resource: title, the permission
 * codes that allow them, the transition they run. Pure: the list page renders what this decides.
 * Part of the page resolver (page.ts). Pinned by tests/unit/renderer/page-model.test.ts.
 */
export interface ResolvedAction {
  /** Unique within its list (React key, test hook). */
  key: string;
  type: ActionType;
  title: string;
  /** Any one of these allows the action; empty = no restriction. */
  permission: string[];
  transition?: TransitionDef;
  relation?: string;
  form?: string;
  /** type create as a row action: the form's first values, '{field}' read from the row. */
  values?: Record<string, string | number | boolean>;
  href?: string;
  target?: '_self' | '_blank';
  /** type print: the print file (schemas/prints). */
  print?: string;
  /** type import: the columns of the file (and its template), the lines they fill (imports.ts). */
  import?: ResolvedImport;
  /** type call: the server route the button posts to. */
  call?: { method: 'POST'; path: string };
  confirm?: string;
  danger: boolean;
  /** Row actions: offered only in these states of the row (besides what the resource allows). */
  states?: (string | number)[];
  /** Batch transitions: always run as a batch job (rows on their own, outcomes in 批量任务中心). */
  asJob?: boolean;
}

const DEFAULT_TITLE: Record<ActionType, string> = {
  detail: '详情',
  create: '新增',
  edit: '编辑',
  delete: '删除',
  transition: '操作',
  relation: '分配',
  link: '查看',
  print: '打印',
  export: '导出',
  import: '导入',
  call: '执行',
};

const list = (p: string | string[] | undefined): string[] =>
  p === undefined ? [] : Array.isArray(p) ? p : [p];

function endpointPermission(a: ActionDef, r: ResourceDef | undefined): string[] | undefined {
  const e = r?.endpoints;
  switch (a.type) {
    case 'detail':
      return list(e?.get?.permission ?? e?.list?.permission);
    case 'create':
      return e?.create ? list(e.create.permission) : undefined;
    case 'edit':
      return e?.update ? list(e.update.permission) : undefined;
    case 'delete':
      return e?.delete ? list(e.delete.permission) : undefined;
    // Whoever may list the rows may export them (server/routes/export checks the same).
    case 'export':
      return e?.list && !e.list.external ? list(e.list.permission) : undefined;
    // An import creates rows through the create endpoint (server/resources/imports checks the same).
    case 'import':
      return e?.create ? list(e.create.permission) : undefined;
    default:
      return [];
  }
}

export function resolveActions(
  ctx: ResolveContext,
  actions: ActionDef[] | undefined,
  r: ResourceDef | undefined,
  file: string,
  jsonPath: string,
): { actions: ResolvedAction[]; problems: ResolveProblem[] } {
  const out: ResolvedAction[] = [];
  const problems: ResolveProblem[] = [];
  (actions ?? []).forEach((a, i) => {
    const source = { file, path: `${jsonPath}/${i}` };
    const problem = (text: string) =>
      problems.push({ text: `配置错误：${file} ${source.path} ${text}`, source });
    let transition: TransitionDef | undefined;
    let title = a.title ?? DEFAULT_TITLE[a.type];
    let permission = a.permission ? [a.permission] : endpointPermission(a, r);
    if (a.type === 'transition') {
      transition = r?.states?.transitions.find((t) => t.name === a.transition);
      if (!transition) return problem(`的状态流转“${a.transition ?? ''}”在资源中不存在`);
      title = a.title ?? transition.title;
      permission = a.permission ? [a.permission] : list(transition.permission);
    }
    if (a.type === 'relation') {
      const rel = a.relation ? r?.relations?.[a.relation] : undefined;
      if (!rel) return problem(`的关联“${a.relation ?? ''}”在资源中不存在`);
      title = a.title ?? `${DEFAULT_TITLE.relation}${rel.title}`;
      permission = a.permission ? [a.permission] : list(rel.set.permission);
    }
    if (a.type === 'link' && !a.href) return problem('的链接缺少 href');
    if (a.type === 'print') {
      if (!(a.print && ctx.hasPrint(a.print))) return problem(`的打印单据“${a.print ?? ''}”不存在`);
      // Printing calls no endpoint of the resource: the page file names the button's code.
      if (!a.permission) return problem('的打印操作缺少 permission');
    }
    if (permission === undefined) return problem(`的操作“${title}”在资源中没有对应的接口`);
    if (a.type === 'call') {
      if (!a.call) return problem('的操作缺少 call');
      // The route is no endpoint of the resource: the page file names the button's code.
      if (!a.permission) return problem('的 call 操作缺少 permission');
    }
    if (a.type === 'import' && r) {
      const wrong = importProblems(r, a.import);
      if (wrong.length) return problem(`的导入配置不正确：${wrong.join('; ')}`);
    }
    out.push({
      key: `${a.type}:${a.transition ?? a.relation ?? a.href ?? a.print ?? a.import?.name ?? a.call?.path ?? i}`,
      type: a.type,
      title,
      permission,
      transition,
      relation: a.relation,
      form: a.form,
      values: a.values,
      href: a.href,
      target: a.target,
      print: a.type === 'print' ? a.print : undefined,
      import: a.type === 'import' && r && a.import ? resolveImport(r, a.import) : undefined,
      ...(a.type === 'call' && a.call ? { call: a.call } : {}),
      confirm: a.confirm ?? transition?.confirm,
      danger: a.danger ?? transition?.danger ?? a.type === 'delete',
      ...(a.states ? { states: a.states } : {}),
      ...(a.asJob ? { asJob: true } : {}),
    });
  });
  const named = importNameProblems((actions ?? []).filter((a) => a.type === 'import').map((a) => a.import));
  for (const text of named)
    problems.push({
      text: `配置错误：${file} ${jsonPath} 的导入配置不正确：${text}`,
      source: { file, path: jsonPath },
    });
  return { actions: out, problems };
}

/**
 * The first values of a form opened from a row: a value that is exactly '{field}' takes the row's
 * value with its type; other text has its placeholders filled in.
 */
export function fillValues(
  values: Record<string, string | number | boolean> | undefined,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values ?? {})) {
    if (typeof v !== 'string') out[k] = v;
    else {
      const whole = /^\{([A-Za-z][A-Za-z0-9]*)\}$/.exec(v);
      out[k] = whole
        ? row[whole[1]!]
        : v.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_, f: string) => String(row[f] ?? ''));
    }
  }
  return out;
}

/** Whether the row's state allows the action (its own states; transitions: from; edit: editableIn; delete: deletableIn). */
export function allowedInState(
  action: ResolvedAction,
  row: Record<string, unknown>,
  r: ResourceDef | undefined,
): boolean {
  const states = r?.states;
  if (!states) return true;
  const state = row[states.field] as string | number;
  const has = (values: (string | number)[] | undefined) =>
    values === undefined || values.some((v) => String(v) === String(state));
  if (!has(action.states)) return false;
  switch (action.type) {
    case 'transition':
      return has(action.transition!.from);
    case 'edit':
      return has(states.editableIn);
    case 'delete':
      return has(states.deletableIn);
    default:
      return true;
  }
}
