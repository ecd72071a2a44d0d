import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  type DataModelDefinition,
  type DataModelField,
  FORM_SECTION_KINDS,
  type FormSectionKind,
  type LinkageRule,
  type Locale,
} from '@srm/contracts/core';
import { Alert, Button, Empty, Space, Tooltip } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CanvasItem,
  fieldFromModel,
  itemId,
  moveItem,
  newSection,
  type PlacedProblems,
} from './designOps';
import { FieldPanel, fieldLabelIn, sectionTitleIn } from './FieldPanel';
import { LinkageEditor } from './LinkageEditor';

const END = 'wd-canvas-end';

export interface FormStepProps {
  model: DataModelDefinition;
  linesModels: Readonly<Record<string, DataModelDefinition>>;
  items: CanvasItem[];
  onItems: (change: (items: CanvasItem[]) => CanvasItem[]) => void;
  linkage: LinkageRule[];
  onLinkage: (rules: LinkageRule[]) => void;
  selected: string | null;
  onSelect: (id: string | null) => void;
  problems: PlacedProblems;
  locale: Locale;
  readOnly: boolean;
}

const focusLater = (selector: string) =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());

function PaletteItem({
  id,
  testKey,
  label,
  hint,
  onAdd,
  readOnly,
}: {
  id: string;
  testKey: string;
  label: string;
  hint: string;
  onAdd: () => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('onlineDev');
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id,
    disabled: readOnly,
    attributes: { roleDescription: t('form.draggable') },
  });
  return (
    <li className="wd-palette-item" data-dragging={isDragging || undefined}>
      <div
        ref={setNodeRef}
        className="wd-palette-drag"
        data-testid={`wd-palette-${testKey}`}
        {...listeners}
        {...attributes}
      >
        <HolderOutlined aria-hidden />
        <span className="wd-palette-label">{label}</span>
        <span className="wd-hint">{hint}</span>
      </div>
      <Tooltip title={t('form.addToForm', { name: label })}>
        <Button
          size="small"
          type="text"
          icon={<PlusOutlined />}
          aria-label={t('form.addToForm', { name: label })}
          disabled={readOnly}
          onClick={onAdd}
          data-testid={`wd-add-${testKey}`}
        />
      </Tooltip>
    </li>
  );
}

function CanvasCard({
  item,
  label,
  hint,
  index,
  count,
  selected,
  errors,
  readOnly,
  onSelect,
  onMove,
  onRemove,
}: {
  item: CanvasItem;
  label: string;
  hint: string;
  index: number;
  count: number;
  selected: boolean;
  errors: string[] | undefined;
  readOnly: boolean;
  onSelect: () => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('onlineDev');
  const id = itemId(item);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled: readOnly, attributes: { roleDescription: t('form.sortable') } });
  const span = item.kind === 'section' ? 24 : (item.field.span ?? 12);
  const key = item.kind === 'field' ? item.field.name : item.section.key;
  const style = {
    '--span': span,
    transform: CSS.Translate.toString(transform),
    transition,
  } as CSSProperties;
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={`wd-item wd-item-${item.kind}`}
      data-selected={selected || undefined}
      data-dragging={isDragging || undefined}
      data-error={errors?.length ? true : undefined}
      data-testid={`wd-item-${key}`}
    >
      <div className="wd-item-bar">
        {!readOnly && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="wd-handle"
            aria-label={t('form.dragHandle', { name: label })}
            data-testid={`wd-handle-${key}`}
            {...attributes}
            {...listeners}
          >
            <HolderOutlined aria-hidden />
          </button>
        )}
        <button
          type="button"
          className="wd-item-main"
          aria-pressed={selected}
          onClick={onSelect}
          data-testid={`wd-select-${key}`}
        >
          <span className="wd-item-label">
            {item.kind === 'field' && item.field.required && (
              <span className="wd-required" aria-hidden>
                *
              </span>
            )}
            {label}
          </span>
          <span className="wd-hint">{hint}</span>
        </button>
        {selected && !readOnly && (
          <Space size={0} className="wd-item-tools">
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('form.moveUp', { name: label })}
              disabled={index === 0}
              onClick={() => onMove(-1)}
              data-testid={`wd-up-${key}`}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('form.moveDown', { name: label })}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              data-testid={`wd-down-${key}`}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('form.remove', { name: label })}
              onClick={onRemove}
              data-testid={`wd-remove-${key}`}
            />
          </Space>
        )}
      </div>
      {item.kind === 'field' && item.field.type === 'table' && (
        <div className="wd-hint wd-item-columns">
          {(item.field.columns ?? []).map((c) => c.label).join(' · ')}
        </div>
      )}
      {errors?.map((message) => (
        <div key={message} className="wd-item-error" data-testid={`wd-error-${key}`}>
          {message}
        </div>
      ))}
    </div>
  );
}

function CanvasEnd({ empty }: { empty: boolean }) {
  const { t } = useTranslation('onlineDev');
  const { setNodeRef, isOver } = useDroppable({ id: END });
  return (
    <div
      ref={setNodeRef}
      className="wd-canvas-end"
      data-over={isOver || undefined}
      data-testid="wd-canvas-end"
    >
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.emptyCanvas')} />
      ) : (
        t('form.dropEnd')
      )}
    </div>
  );
}

/**
 * The form step: the model's fields and the layout items on the left, the 24-column canvas in the
 * middle (drag to place and reorder, by mouse or by keyboard with dnd-kit's sensors, or with the
 * add and move buttons), the chosen item's properties on the right and the linkage rules below.
 */
export function FormStep({
  model,
  linesModels,
  items,
  onItems,
  linkage,
  onLinkage,
  selected,
  onSelect,
  problems,
  locale,
  readOnly,
}: FormStepProps) {
  const { t } = useTranslation('onlineDev');
  const [active, setActive] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byCode = useMemo(() => new Map(model.fields.map((f) => [f.code, f])), [model]);
  const onCanvas = new Set(items.flatMap((i) => (i.kind === 'field' ? [i.field.name] : [])));
  const free = model.fields.filter((f) => !onCanvas.has(f.code));
  const ids = items.map(itemId);

  const modelLabel = (f: DataModelField) =>
    fieldLabelIn(
      { label: f.names['zh-CN'], labels: { 'en-US': f.names['en-US'], 'zh-TW': f.names['zh-TW'] } },
      locale,
    );
  const labelOf = (id: string | number | null | undefined): string => {
    const key = String(id ?? '');
    if (key.startsWith('p:')) {
      const f = byCode.get(key.slice(2));
      return f ? modelLabel(f) : key;
    }
    if (key.startsWith('l:')) return t(`section.kinds.${key.slice(2)}`);
    if (key === END) return t('form.endOfForm');
    const item = items.find((i) => itemId(i) === key);
    if (!item) return key;
    return item.kind === 'field' ? fieldLabelIn(item.field, locale) : sectionTitleIn(item.section, locale);
  };
  const positionOf = (id: string | number | undefined) => {
    const i = ids.indexOf(String(id));
    return i < 0 ? ids.length + 1 : i + 1;
  };

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('dnd.picked', { name: labelOf(a.id) }),
    onDragOver: ({ active: a, over }) =>
      over
        ? t('dnd.over', { name: labelOf(a.id), target: labelOf(over.id), position: positionOf(over.id) })
        : t('dnd.outside', { name: labelOf(a.id) }),
    onDragEnd: ({ active: a, over }) =>
      over
        ? t('dnd.dropped', { name: labelOf(a.id), position: positionOf(over.id) })
        : t('dnd.cancelled', { name: labelOf(a.id) }),
    onDragCancel: ({ active: a }) => t('dnd.cancelled', { name: labelOf(a.id) }),
  };

  /** A palette entry made a canvas item. */
  const create = (paletteId: string): CanvasItem | null => {
    if (paletteId.startsWith('p:')) {
      const f = byCode.get(paletteId.slice(2));
      return f ? { kind: 'field', field: fieldFromModel(f, linesModels) } : null;
    }
    const kind = paletteId.slice(2) as FormSectionKind;
    return { kind: 'section', section: newSection(kind, items, t(`section.kinds.${kind}`)) };
  };
  const place = (paletteId: string, at: number) => {
    const item = create(paletteId);
    if (!item) return;
    onItems((list) => {
      const out = [...list];
      out.splice(Math.min(at, out.length), 0, item);
      return out;
    });
    onSelect(itemId(item));
  };

  const onDragStart = (e: DragStartEvent) => setActive(String(e.active.id));
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    if (!over) return;
    const from = String(a.id);
    const to = String(over.id);
    const target = to === END ? ids.length : ids.indexOf(to);
    if (target < 0) return;
    if (from.startsWith('p:') || from.startsWith('l:')) {
      place(from, target);
      return;
    }
    const index = ids.indexOf(from);
    if (index >= 0) onItems((list) => moveItem(list, index, Math.min(target, list.length - 1)));
  };

  const move = (index: number, delta: -1 | 1, key: string) => {
    onItems((list) => moveItem(list, index, index + delta));
    focusLater(
      `[data-testid="wd-${delta < 0 ? 'up' : 'down'}-${key}"]:not([disabled]), [data-testid="wd-select-${key}"]`,
    );
  };
  const remove = (index: number) => {
    const gone = items[index];
    onItems((list) => list.filter((_, i) => i !== index));
    onSelect(null);
    if (gone?.kind === 'field')
      onLinkage(
        linkage
          .map((r) => ({ ...r, fields: r.fields.filter((f) => f !== gone.field.name) }))
          .filter(
            (r) => r.fields.length > 0 && !r.when.some((c) => c.field.split('.')[0] === gone.field.name),
          ),
      );
  };

  const selectedIndex = selected ? ids.indexOf(selected) : -1;
  const selectedItem = selectedIndex >= 0 ? items[selectedIndex] : undefined;
  const hintOf = (item: CanvasItem) =>
    item.kind === 'field'
      ? `${item.field.name} · ${t(`controls.${item.field.type}`)}`
      : t(`section.kinds.${item.section.kind}`);

  return (
    <div className="wd-form-step">
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('dnd.instructions') },
        }}
      >
        <aside className="wd-palette" aria-labelledby="wd-palette-fields">
          <h3 id="wd-palette-fields" className="wd-panel-title">
            {t('form.modelFields')}
          </h3>
          {free.length === 0 ? (
            <p className="wd-hint">{t('form.allPlaced')}</p>
          ) : (
            <ul className="wd-palette-list" data-testid="wd-palette">
              {free.map((f) => (
                <PaletteItem
                  key={f.code}
                  id={`p:${f.code}`}
                  testKey={f.code}
                  label={modelLabel(f)}
                  hint={`${f.code} · ${t(`kinds.${f.kind}`)}`}
                  readOnly={readOnly}
                  onAdd={() => place(`p:${f.code}`, items.length)}
                />
              ))}
            </ul>
          )}
          <h3 className="wd-panel-title">{t('form.layoutItems')}</h3>
          <ul className="wd-palette-list">
            {FORM_SECTION_KINDS.map((kind) => (
              <PaletteItem
                key={kind}
                id={`l:${kind}`}
                testKey={kind}
                label={t(`section.kinds.${kind}`)}
                hint={t(`section.hints.${kind}`)}
                readOnly={readOnly}
                onAdd={() => place(`l:${kind}`, items.length)}
              />
            ))}
          </ul>
        </aside>
        <section className="wd-canvas-wrap" aria-label={t('form.canvas')}>
          {problems.form.length > 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 8 }}
              data-testid="wd-form-errors"
              title={problems.form.join(' ')}
            />
          )}
          <SortableContext items={ids} strategy={rectSortingStrategy}>
            <div className="wd-canvas" data-testid="wd-canvas">
              {items.map((item, index) => {
                const id = itemId(item);
                const key = item.kind === 'field' ? item.field.name : item.section.key;
                return (
                  <CanvasCard
                    key={id}
                    item={item}
                    label={labelOf(id)}
                    hint={hintOf(item)}
                    index={index}
                    count={items.length}
                    selected={selected === id}
                    errors={problems.items[id]}
                    readOnly={readOnly}
                    onSelect={() => onSelect(id)}
                    onMove={(delta) => move(index, delta, key)}
                    onRemove={() => remove(index)}
                  />
                );
              })}
              {!readOnly && <CanvasEnd empty={items.length === 0} />}
            </div>
          </SortableContext>
        </section>
        <DragOverlay>{active ? <div className="wd-overlay">{labelOf(active)}</div> : null}</DragOverlay>
      </DndContext>
      <aside className="wd-props" aria-labelledby="wd-props-title" data-testid="wd-props">
        <h3 id="wd-props-title" className="wd-panel-title">
          {t('props.title')}
        </h3>
        {selectedItem ? (
          <FieldPanel
            key={itemId(selectedItem)}
            item={selectedItem}
            items={items}
            modelField={selectedItem.kind === 'field' ? byCode.get(selectedItem.field.name) : undefined}
            linesModels={linesModels}
            errors={problems.items[itemId(selectedItem)]}
            readOnly={readOnly}
            locale={locale}
            onChange={(next) => onItems((list) => list.map((i, n) => (n === selectedIndex ? next : i)))}
          />
        ) : (
          <p className="wd-hint">{t('props.none')}</p>
        )}
      </aside>
      <div className="wd-linkage">
        <LinkageEditor
          items={items}
          rules={linkage}
          onChange={onLinkage}
          problems={problems.linkage}
          locale={locale}
          readOnly={readOnly}
        />
      </div>
    </div>
  );
}
