import { Button, Space } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A handwritten signature drawn with a mouse, pen or finger on a small canvas; `onChange` gets a PNG
 * data URL after each stroke (null once cleared). The signature is optional: the approval goes
 * without it, by keyboard too.
 */
export function SignaturePad({ onChange }: { onChange: (png: string | null) => void }) {
  const { t } = useTranslation('flowTask');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const box = c.getBoundingClientRect();
    return [
      ((e.clientX - box.left) * c.width) / box.width,
      ((e.clientY - box.top) * c.height) / box.height,
    ] as const;
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    onChange(null);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <canvas
        ref={canvas}
        width={480}
        height={160}
        className="flow-sign-pad"
        role="img"
        aria-label={t('action.signPad')}
        data-testid="flow-sign-pad"
        onPointerDown={(e) => {
          drawing.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          const ctx = e.currentTarget.getContext('2d');
          const [x, y] = point(e);
          ctx?.beginPath();
          ctx?.moveTo(x, y);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          const [x, y] = point(e);
          ctx?.lineTo(x, y);
          ctx?.stroke();
        }}
        onPointerUp={(e) => {
          if (!drawing.current) return;
          drawing.current = false;
          onChange(e.currentTarget.toDataURL('image/png'));
        }}
      />
      <Button size="small" onClick={clear} data-testid="flow-sign-clear">
        {t('action.signClear')}
      </Button>
    </Space>
  );
}
