import type { CombinedRatingStep } from '@muster/contract/calculator';

/** Steps as SVG bars, with the numbers in text beside them (the list is the text equivalent). */
export function StepsChart({ steps }: { steps: readonly CombinedRatingStep[] }) {
  const barHeight = 22;
  const gap = 8;
  const height = steps.length * (barHeight + gap);
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-labelledby="steps-chart-title"
        viewBox={`0 0 320 ${Math.max(height, barHeight)}`}
        className="w-full max-w-md"
      >
        <title id="steps-chart-title">
          {`Combined value after each step: ${steps.map((s) => `${s.value} %`).join(', ')}`}
        </title>
        {steps.map((step, index) => {
          const width = (step.value / 100) * 260;
          const y = index * (barHeight + gap);
          return (
            <g key={index}>
              <rect x={0} y={y} width={260} height={barHeight} className="fill-muted" rx={3} />
              <rect x={0} y={y} width={width} height={barHeight} className="fill-primary" rx={3} />
              <text x={268} y={y + barHeight * 0.72} className="fill-foreground text-xs">
                {`${step.value} %`}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-muted-foreground text-xs">
        Each bar is the combined value after one step of the calculation.
      </figcaption>
    </figure>
  );
}
