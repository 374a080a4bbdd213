import { Box } from '@mui/material';
import { type PointerEvent, useCallback, useEffect, useRef } from 'react';
import { SIGNATURE_SIZE } from '../../../../domain/modules/ticket/receipts.ts';

/** One pen stroke, in fractions of the pad's width and height, so it redraws at any size. */
export type Stroke = ReadonlyArray<readonly [number, number]>;

const INK = '#0d1b4c';
/** Pen width as a share of the pad's width: the saved PNG looks as the pad did. */
const PEN = 0.006;

function drawStrokes(ctx: CanvasRenderingContext2D, strokes: readonly Stroke[], width: number, height: number) {
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
  ctx.lineWidth = Math.max(2, width * PEN);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    const points = stroke.map(([x, y]) => [x * width, y * height] as const);
    const [first] = points;
    if (!first) continue;
    if (points.length === 1) {
      ctx.beginPath();
      ctx.arc(first[0], first[1], ctx.lineWidth / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    // Curves through the midpoints smooth the corners a sampled pointer leaves.
    ctx.beginPath();
    ctx.moveTo(first[0], first[1]);
    for (let i = 1; i < points.length - 1; i++) {
      const [x, y] = points[i]!;
      const [nx, ny] = points[i + 1]!;
      ctx.quadraticCurveTo(x, y, (x + nx) / 2, (y + ny) / 2);
    }
    const last = points[points.length - 1]!;
    ctx.lineTo(last[0], last[1]);
    ctx.stroke();
  }
}

/**
 * The strokes as a PNG data URL of SIGNATURE_SIZE on white: a few kilobytes, and readable on
 * paper and on a dark screen alike.
 */
export function signatureDataUrl(strokes: readonly Stroke[]): string {
  const canvas = document.createElement('canvas');
  canvas.width = SIGNATURE_SIZE.width;
  canvas.height = SIGNATURE_SIZE.height;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  drawStrokes(ctx, strokes, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

interface SignaturePadProps {
  strokes: readonly Stroke[];
  onChange: (strokes: Stroke[]) => void;
  label: string;
  error?: boolean;
}

/**
 * A box to sign in with a finger, a stylus or a mouse (pointer events cover all three). The
 * strokes live with the parent; the stroke being drawn is painted straight on the canvas.
 */
export function SignaturePad({ strokes, onChange, label, error = false }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const current = useRef<Array<[number, number]> | null>(null);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const { clientWidth: width, clientHeight: height } = canvas;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    drawStrokes(ctx, current.current ? [...strokes, current.current] : strokes, width, height);
  }, [strokes]);

  useEffect(() => {
    redraw();
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  const point = (event: { clientX: number; clientY: number }): [number, number] => {
    const box = canvasRef.current!.getBoundingClientRect();
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    return [clamp((event.clientX - box.left) / box.width), clamp((event.clientY - box.top) / box.height)];
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    current.current = [point(event)];
    redraw();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!current.current) return;
    // Fast pens report several positions per frame; taking them all keeps curves round.
    const samples = event.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const sample of samples.length > 0 ? samples : [event]) current.current.push(point(sample));
    redraw();
  };
  const end = () => {
    const stroke = current.current;
    current.current = null;
    if (stroke) onChange([...strokes, stroke]);
  };

  return (
    <Box
      sx={{
        position: 'relative',
        border: 2,
        borderStyle: 'dashed',
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        bgcolor: '#fff',
        overflow: 'hidden',
      }}
    >
      {/* The baseline a hand signs on, as on paper. */}
      <Box
        aria-hidden
        sx={{ position: 'absolute', left: '6%', right: '6%', bottom: '22%', borderBottom: '1px solid #9aa5b1' }}
      />
      <Box
        aria-hidden
        sx={{ position: 'absolute', left: '6%', bottom: '24%', color: '#9aa5b1', fontSize: 20, lineHeight: 1 }}
      >
        ×
      </Box>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label={label}
        data-signature-pad=""
        data-strokes={strokes.length}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        sx={{
          position: 'relative',
          display: 'block',
          width: '100%',
          aspectRatio: `${SIGNATURE_SIZE.width} / ${SIGNATURE_SIZE.height}`,
          touchAction: 'none',
          cursor: 'crosshair',
        }}
      />
    </Box>
  );
}
