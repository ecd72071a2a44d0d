import type { DataModelField, FormSchema } from '@srm/contracts/core';
import { describe, expect, it } from 'vitest';
import {
  fieldFromModel,
  firstStep,
  moveItem,
  placeProblems,
  toForm,
  toItems,
} from '../src/views/onlineDev/webDesign/designOps';

const names = (zh: string, en?: string) => ({ 'zh-CN': zh, ...(en ? { 'en-US': en } : {}) });

describe('the form designer', () => {
  it('drops a model field as its default control, a lines field as its sub-table', () => {
    const money: DataModelField = {
      code: 'amount',
      names: names('金额', 'Amount'),
      kind: 'money',
      required: true,
    };
    expect(fieldFromModel(money, {})).toMatchObject({
      name: 'amount',
      type: 'money',
      label: '金额',
      labels: { 'en-US': 'Amount' },
      required: true,
      precision: 2,
    });
    const lines: DataModelField = { code: 'lines', names: names('明细'), kind: 'lines', model: 'line' };
    const table = fieldFromModel(lines, {
      line: {
        code: 'line',
        names: names('行'),
        isLines: true,
        fields: [{ code: 'qty', names: names('数量'), kind: 'integer' }],
      },
    });
    expect(table).toMatchObject({ type: 'table', span: 24, columns: [{ name: 'qty', type: 'number' }] });
  });

  it('keeps each field in the section above it on the canvas, both ways', () => {
    const form: Pick<FormSchema, 'fields' | 'sections'> = {
      sections: [{ key: 'group1', kind: 'group', title: '基本' }],
      fields: [
        { name: 'a', type: 'input', label: 'A', section: 'group1' },
        { name: 'b', type: 'input', label: 'B' },
      ],
    };
    const items = toItems(form);
    expect(items.map((i) => (i.kind === 'field' ? i.field.name : i.section.key))).toEqual([
      'b',
      'group1',
      'a',
    ]);
    // b moved below the group's header joins the group.
    const moved = toForm(moveItem(items, 0, 1));
    expect(moved.fields.map((f) => [f.name, f.section])).toEqual([
      ['b', 'group1'],
      ['a', 'group1'],
    ]);
  });

  it('shows a refused save where its paths point', () => {
    const sent: FormSchema = {
      name: 'x',
      title: 'x',
      fields: [
        { name: 'title', type: 'input', label: '标题' },
        { name: 'amount', type: 'date', label: '金额' },
      ],
    };
    const placed = placeProblems(
      {
        'draft.form.fields.1.type': 'wrong control',
        'draft.form.linkage.0.when.0.field': 'no such field',
        'draft.list.columns.0.field': 'not in model',
        'draft.list.columns': 'required',
        'names.zh-CN': 'taken',
      },
      sent,
    );
    expect(placed.items).toEqual({ 'f:amount': ['wrong control'] });
    expect(placed.linkage).toEqual({ 0: ['no such field'] });
    expect(placed.list).toEqual({ 'columns.0': ['not in model'], columns: ['required'] });
    expect(placed.basic).toEqual({ name: 'taken' });
    expect(firstStep(placed)).toBe(0);
    expect(firstStep({ ...placed, basic: {}, items: {}, linkage: {} })).toBe(2);
  });
});
