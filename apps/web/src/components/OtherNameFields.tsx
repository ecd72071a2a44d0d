import { Form, Input } from 'antd';

/**
 * A product text's English and traditional-Chinese names beside its main one: optional, the main
 * name stands in where one is empty (nameInLocale).
 */
export function OtherNameFields({
  names,
  labels,
  max,
  testId,
}: {
  /** The form's field names of the English and the traditional-Chinese name. */
  names: [en: string, tw: string];
  labels: [en: string, tw: string];
  max: number;
  testId: string;
}) {
  return (
    <>
      <Form.Item name={names[0]} label={labels[0]}>
        <Input maxLength={max} data-testid={`${testId}-name-en`} />
      </Form.Item>
      <Form.Item name={names[1]} label={labels[1]}>
        <Input maxLength={max} data-testid={`${testId}-name-tw`} />
      </Form.Item>
    </>
  );
}
