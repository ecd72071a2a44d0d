import { Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** The element antd cuts with an ellipsis, around a menu entry's name. */
const CUT_BOX = '.ant-menu-title-content';
/** What the pointer rests on and what takes the keyboard's focus: the item, or a group's title. */
const ENTRY = '.ant-menu-item, .ant-menu-submenu-title';

/**
 * A menu entry's name that, when the menu's width cuts it ("Supplier Managem…"), shows whole in a
 * tooltip while the pointer rests on the entry or the keyboard's focus is on it. A name that fits
 * shows none; the collapsed sidebar has antd's own.
 */
export function MenuLabel({ text }: { text: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const entry = ref.current?.closest<HTMLElement>(ENTRY);
    if (!entry) return;
    const isCut = () => {
      const box = ref.current?.closest<HTMLElement>(CUT_BOX) ?? ref.current;
      return Boolean(box && box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1);
    };
    const show = () => setOpen(isCut());
    const hide = () => setOpen(false);
    entry.addEventListener('mouseenter', show);
    entry.addEventListener('mouseleave', hide);
    entry.addEventListener('focus', show);
    entry.addEventListener('blur', hide);
    return () => {
      entry.removeEventListener('mouseenter', show);
      entry.removeEventListener('mouseleave', hide);
      entry.removeEventListener('focus', show);
      entry.removeEventListener('blur', hide);
    };
  }, []);
  return (
    <Tooltip title={text} open={open} placement="right">
      <span ref={ref} data-menu-label-cut={open ? '' : undefined}>
        {text}
      </span>
    </Tooltip>
  );
}
