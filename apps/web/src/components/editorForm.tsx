import { Alert, Button, Drawer, type FormInstance, Space, Spin } from 'antd';
import { ApiError } from '../api/request';

/** A path of an antd form field, as `Form.Item name` takes it. */
export type FormPath = (string | number)[];

/**
 * A 400's field messages (server paths such as `definition.table.columns.0.field`) put on the
 * form's fields that `formPathOf` finds for them; the rest come back, to be listed above the form.
 * The first placed field is scrolled to and focused. Returns that field's path (null: none placed),
 * so that an editor with tabs can open the tab holding it.
 */
export function placeFieldErrors(
  form: FormInstance,
  fields: Record<string, string>,
  formPathOf: (path: string) => FormPath | null,
): { first: FormPath | null; rest: string[] } {
  const placed: { name: FormPath; errors: string[] }[] = [];
  const rest: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const name = formPathOf(path);
    if (name) placed.push({ name, errors: [message] });
    else rest.push(message);
  }
  form.setFields(placed);
  const first = placed[0]?.name ?? null;
  // After the tab or section holding it has rendered.
  if (first) setTimeout(() => form.scrollToField(first, { block: 'center', focus: true }), 0);
  return { first, rest };
}

/** The footer of a designer's drawer: cancel, and save (the form `formId`'s submit) for who may save. */
export function EditorFooter({
  prefix,
  formId,
  canSave,
  saving,
  onCancel,
  cancelLabel,
  saveLabel,
}: {
  /** The data-testid prefix: `${prefix}-editor-cancel`, `${prefix}-editor-save`. */
  prefix: string;
  formId: string;
  canSave: boolean;
  saving: boolean;
  onCancel: () => void;
  cancelLabel: string;
  saveLabel: string;
}) {
  return (
    <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
      <Button onClick={onCancel} data-testid={`${prefix}-editor-cancel`}>
        {cancelLabel}
      </Button>
      {canSave && (
        <Button
          type="primary"
          htmlType="submit"
          form={formId}
          loading={saving}
          data-testid={`${prefix}-editor-save`}
        >
          {saveLabel}
        </Button>
      )}
    </Space>
  );
}

/**
 * An editor drawer while the record it opens is read (a spinner), or when it cannot be (the
 * server's message): the editor's own form comes once the record is there.
 */
export function EditorLoading({
  title,
  error,
  onClose,
  size,
  testId,
}: {
  title: string;
  error: unknown;
  onClose: () => void;
  size: string;
  testId: string;
}) {
  return (
    <Drawer open title={title} onClose={onClose} size={size} data-testid={testId}>
      {error ? (
        <Alert type="error" showIcon title={error instanceof ApiError ? error.msg : String(error)} />
      ) : (
        <Spin spinning />
      )}
    </Drawer>
  );
}
