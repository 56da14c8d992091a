import { Button, Form, Input, Modal, Tag, TreeSelect } from 'antd';
import useApp from 'antd/es/app/useApp';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useSubmit } from '@/host/components/use-submit';
import { t as text, useTranslation } from '@/i18n';
import { RichTextEditor } from '@/renderer/widgets/rich-editor';
import { newIdempotencyKey } from '@/runtime/request';
import { htmlHasText, htmlTextLength } from '../rich-text';
import { fetchOrgTree, type OrgNode, sendDept, sendRadio } from './api';
import styles from './messages.module.css';
import { type PickedRole, RolePicker } from './RolePicker';
import { type PickedUser, UserPicker } from './UserPicker';

export type SendKind = 'radio' | 'dept';

/**
 * SPEC 5 'Send notice', the same texts the server answers with (in Chinese; here in the language in
 * effect when read).
 */
export const SEND_MSG = {
  get title() {
    return text('messages.send.titleRequired');
  },
  get titleMax() {
    return text('messages.send.titleMax');
  },
  get content() {
    return text('messages.send.contentInvalid');
  },
  get range() {
    return text('messages.send.range');
  },
  get orgs() {
    return text('messages.send.orgsMax');
  },
  get roles() {
    return text('messages.send.rolesMax');
  },
  get users() {
    return text('messages.send.usersMax');
  },
  get orgAll() {
    return text('messages.send.orgAll');
  },
};

interface PickedOrg {
  value: number;
  label: string;
}

type TreeOption = { title: string; value: number; children?: TreeOption[] };
const toOptions = (nodes: OrgNode[] = []): TreeOption[] =>
  nodes.map((n) => ({
    title: n.orgName,
    value: n.orgId,
    ...(n.children?.length ? { children: toOptions(n.children) } : {}),
  }));

/** The receiver checks of SPEC 5 in their order; undefined when the ranges may be sent. */
export function rangeProblem(
  orgs: PickedOrg[],
  roles: PickedRole[],
  users: PickedUser[],
): string | undefined {
  if (orgs.length + roles.length + users.length === 0) return SEND_MSG.range;
  if (orgs.some((o) => o.value === 0)) return SEND_MSG.orgAll;
  if (orgs.length > 50) return SEND_MSG.orgs;
  if (roles.length > 10) return SEND_MSG.roles;
  if (users.length > 20) return SEND_MSG.users;
  return undefined;
}

interface Props {
  kind: SendKind;
  onClose(): void;
  onSent(): void;
}

/**
 * SPEC 2.12, 5, 6: send a broadcast (organisations, roles and users) or a department notice
 * (organisations and users). Checked here for quick feedback and again by the server.
 */
export function SendDialog({ kind, onClose, onSent }: Props) {
  const { message } = useApp();
  const { t } = useTranslation();
  const [form] = Form.useForm<{ title: string; content: string }>();
  const [tree, setTree] = useState<TreeOption[]>([]);
  const [orgs, setOrgs] = useState<PickedOrg[]>([]);
  const [roles, setRoles] = useState<PickedRole[]>([]);
  const [users, setUsers] = useState<PickedUser[]>([]);
  const [picker, setPicker] = useState<'role' | 'user'>();
  // One key per opened dialog: a retry or a double send posts the message once (issue 13.4).
  const [key] = useState(newIdempotencyKey);

  useEffect(() => {
    void fetchOrgTree(kind).then(
      (nodes) => setTree(toOptions(nodes)),
      () => undefined,
    );
  }, [kind]);

  // useSubmit ignores clicks while a send runs and swallows what was already shown: the field errors
  // (validateFields rejects with them) and the server's reason (the request layer).
  const send = useCallback(async () => {
    const values = await form.validateFields();
    const problem = rangeProblem(orgs, kind === 'radio' ? roles : [], users);
    if (problem) {
      message.error(problem);
      return;
    }
    const body = {
      title: values.title.trim(),
      content: values.content,
      orgList: orgs.map((o) => ({ orgId: o.value, orgName: o.label })),
      userList: users,
      ...(kind === 'radio' ? { roleList: roles } : {}),
    };
    await (kind === 'radio' ? sendRadio(body, key) : sendDept(body, key));
    message.success(t('messages.send.sent'));
    onSent();
  }, [form, orgs, roles, users, kind, message, onSent, key, t]);
  const { loading: sending, submit } = useSubmit(send);

  return (
    <Modal
      title={kind === 'radio' ? t('messages.sendRadio') : t('messages.sendNotice')}
      open
      width={720}
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={sending} onClick={() => void submit()} data-send-submit>
          {t('messages.send.submit')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" data-send-form={kind}>
        <Form.Item
          name="title"
          label={t('messages.send.title')}
          rules={[
            { required: true, whitespace: true, message: SEND_MSG.title },
            { max: 50, message: SEND_MSG.titleMax },
          ]}
        >
          <Input placeholder={t('messages.send.titleRequired')} showCount maxLength={50} data-field="title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('messages.send.content')}
          rules={[
            {
              validator: async (_, v: string | undefined) => {
                if (!v || !htmlHasText(v) || htmlTextLength(v) > 2000) throw new Error(SEND_MSG.content);
              },
            },
          ]}
        >
          <RichTextEditor maxTextLength={2000} placeholder={t('messages.send.contentPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('messages.send.orgs')}>
          <TreeSelect
            treeData={tree}
            value={orgs}
            labelInValue
            treeCheckable
            treeCheckStrictly
            showCheckedStrategy={TreeSelect.SHOW_ALL}
            treeDefaultExpandedKeys={tree.map((n) => n.value)}
            placeholder={t('messages.send.orgsPlaceholder')}
            allowClear
            showSearch
            treeNodeFilterProp="title"
            maxTagCount="responsive"
            onChange={(v) =>
              setOrgs(
                (v as { value: number; label: ReactNode }[]).map((o) => ({
                  value: o.value,
                  label: String(o.label),
                })),
              )
            }
            data-field="orgs"
          />
        </Form.Item>
        {kind === 'radio' && (
          <Form.Item label={t('messages.send.roles')}>
            <Button onClick={() => setPicker('role')} data-pick="role">
              {t('messages.send.pickRoles', { count: roles.length })}
            </Button>
            <div className={styles.picked}>
              {roles.map((r) => (
                <Tag
                  key={r.roleId}
                  closable
                  onClose={() => setRoles(roles.filter((x) => x.roleId !== r.roleId))}
                >
                  {r.roleName}
                </Tag>
              ))}
            </div>
          </Form.Item>
        )}
        <Form.Item label={t('messages.send.users')}>
          <Button onClick={() => setPicker('user')} data-pick="user">
            {t('messages.send.pickUsers', { count: users.length })}
          </Button>
          <div className={styles.picked}>
            {users.map((u) => (
              <Tag
                key={u.userId}
                closable
                onClose={() => setUsers(users.filter((x) => x.userId !== u.userId))}
              >
                {u.userName}
              </Tag>
            ))}
          </div>
        </Form.Item>
      </Form>
      {picker === 'role' && (
        <RolePicker
          value={roles}
          onCancel={() => setPicker(undefined)}
          onOk={(r) => {
            setRoles(r);
            setPicker(undefined);
          }}
        />
      )}
      {picker === 'user' && (
        <UserPicker
          scope={kind}
          value={users}
          onCancel={() => setPicker(undefined)}
          onOk={(u) => {
            setUsers(u);
            setPicker(undefined);
          }}
        />
      )}
    </Modal>
  );
}
