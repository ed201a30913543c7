// The credits chart tells the truth about its numbers: the report's series
// and the plan limit are replaced through page.route (the figures the chart
// must draw are then known), the page is read as the owner.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAILS, saveScreenshots, signIn } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const API_COLOR = '#f59e0b';
const SMARTPAGE_COLOR = '#14b8a6';

type Day = { date: string; workspace_credits: number; smartpage_credits: number; api_credits: number };

/** Serves the real credits report with `days` as its series, and the overview with `limit` as the plan's credits. */
async function serveCredits(page: Page, days: Day[], limit: number) {
  await page.route('**/api/v1/credits_resume*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const total = days.reduce((sum, d) => sum + d.workspace_credits + d.smartpage_credits + d.api_credits, 0);
    body.credits = days;
    body.credits_usage_details.total_credits_used = total;
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/v1/overview*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, credit_limit: limit, addon: null } });
  });
}

const days = (values: Array<[workspace: number, smartpage: number, api: number]>): Day[] =>
  values.map(([workspace_credits, smartpage_credits, api_credits], i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    workspace_credits,
    smartpage_credits,
    api_credits,
  }));

/** Serves those figures, signs in as the owner and opens the credits page: the chart. */
async function openCreditsChart(page: Page, series: Day[], limit: number) {
  await serveCredits(page, series, limit);
  await signIn(page, DEMO_EMAILS.owner);
  await page.goto('/usage/credits');
  return page.getByRole('img', { name: /Credits per period/ });
}

/** A normal month's first days: no smartpage or API use. */
const WORKSPACE_ONLY = days([
  [2356, 0, 0],
  [300, 0, 0],
  [900, 0, 0],
  [500, 0, 0],
]);

/** Heights of the drawn bar slices of one colour. */
const sliceHeights = (page: Page, color: string) =>
  page.locator(`path.recharts-rectangle[fill="${color}"]`).evaluateAll((paths) => paths.map((p) => (p as SVGGraphicsElement).getBBox().height));

test('a zero slice draws nothing; a small one stays visible', async ({ page }) => {
  const chart = await openCreditsChart(
    page,
    days([
      [2356, 0, 0],
      [0, 0, 0],
      [1800, 1, 0],
      [40, 0, 0],
    ]),
    1_100_000,
  );
  await expect(chart.locator('path.recharts-rectangle').first()).toBeVisible();
  // No API usage: no orange cap on any bar.
  expect((await sliceHeights(page, API_COLOR)).filter((h) => h > 0)).toEqual([]);
  // One smartpage credit next to 1,800: a sliver, but there.
  expect((await sliceHeights(page, SMARTPAGE_COLOR)).filter((h) => h > 0)).toHaveLength(1);
});

test('a plan limit far above the running total is named, not drawn, and the total is not flat', async ({ page }) => {
  const chart = await openCreditsChart(page, WORKSPACE_ONLY, 1_100_000);
  await expect(chart.getByTestId('chart-note')).toHaveText(/Plan limit: 1,100,000 credits, off this scale/);
  await expect(chart.locator('.recharts-reference-line')).toHaveCount(0);
  // Both axes say what they count.
  await expect(chart.locator('svg text', { hasText: 'Credits per period' })).toHaveCount(1);
  await expect(chart.locator('svg text', { hasText: 'Credits, running total' })).toHaveCount(1);
  // The running total climbs into the upper half of the plot instead of lying along the bottom.
  const line = await chart.locator('.recharts-line path.recharts-curve').boundingBox();
  const plot = await chart.locator('.recharts-cartesian-grid').boundingBox();
  expect(line && plot && line.y < plot.y + plot.height / 2).toBe(true);
});

test('a plan limit within reach is drawn on the running total axis, named in the legend, no label on the ticks', async ({ page }) => {
  const chart = await openCreditsChart(page, WORKSPACE_ONLY, 5000);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.reload();
    await expect(chart.locator('.recharts-reference-line')).toHaveCount(1);
    await expect(chart.locator('button', { hasText: 'Plan limit 5K (right axis)' })).toBeVisible();
    await expect(chart.locator('button', { hasText: 'Running total (right axis)' })).toBeVisible();
    // The limit is named by the legend, not by a label drawn beside the right axis's ticks.
    await expect(chart.locator('svg text', { hasText: 'Plan limit' })).toHaveCount(0);
    // It sits where 5,000 is on the right axis (the running total's), not on the per-period one.
    // The right axis's tick labels: the y-axis labels right of the chart's middle.
    const ticks = await chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').evaluateAll((texts) => {
      const svg = texts[0]?.closest('svg')?.getBoundingClientRect();
      const middle = svg ? svg.left + svg.width / 2 : 0;
      return texts
        .map((t) => ({ box: t.getBoundingClientRect(), label: t.textContent?.trim() ?? '' }))
        .filter(({ box }) => box.left > middle)
        .map(({ box, label }) => ({ value: Number.parseFloat(label) * (label.endsWith('K') ? 1000 : 1), y: box.top + box.height / 2 }));
    });
    const [low, high] = [ticks[0], ticks.at(-1)!];
    expect(high.value).toBeGreaterThanOrEqual(5000);
    const expectedY = low.y + ((5000 - low.value) / (high.value - low.value)) * (high.y - low.y);
    const lineY = await chart.locator('.recharts-reference-line line').evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(expectedY - lineY)).toBeLessThan(6);
  }
  await saveScreenshots(page, 'credits-limit-in-reach');
});
