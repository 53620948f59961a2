/**
 * Issue #16: what each kind of page downloads and how soon it paints. Run: npm run bench:client-size
 * (needs a built client: npm run build; CLIENT_DIST_DIR=... measures another build). Not run by CI.
 *
 * For the sign-in page (/home signed out), /admin/landing and /user/landing, in Debian's Chromium on
 * loopback with a cold cache (a new context for /home; for the signed-in pages the browser's cache
 * cleared after signing in), --runs times (3 by default): the gzip size of the JS and CSS it fetched
 * (each file at its .gz copy's size: tests/support/routeWeight.ts) and Largest Contentful Paint,
 * min and median. The budget the browser specs hold is in tests/e2e/bundleSize.spec.ts.
 */
import { chromium, type Page } from "@playwright/test";
import type { DemoAccountType } from "../../db/seed/demoAccounts";
import { kib, recordClientFiles } from "../support/routeWeight";
import { numberOption } from "./options";

const args = process.argv.slice(2);
const RUNS = numberOption(args, "--runs", 3);

const { createTestDatabase } = await import("../support/database");
const { putSessionInPage } = await import("../e2e/support/signIn");
const { clientDistDir, hasBuiltClient, startBenchApp } = await import("./browser");

type Route = { label: string; path: string; account: DemoAccountType | null; ready: (page: Page) => Promise<unknown> };
const ROUTES: Route[] = [
  {
    label: "sign-in (/home)",
    path: "/home",
    account: null,
    ready: (page) => page.getByRole("button", { name: "Sign in" }).waitFor(),
  },
  {
    label: "/admin/landing",
    path: "/admin/landing",
    account: "admin",
    ready: (page) => page.getByRole("heading", { level: 1, name: "Facility setup" }).waitFor(),
  },
  {
    label: "/user/landing",
    path: "/user/landing",
    account: "user",
    ready: (page) => page.getByRole("heading", { level: 1, name: "My cost centers" }).waitFor(),
  },
];

async function visit(baseUrl: string, route: Route): Promise<{ gzipBytes: number; files: number; lcpMs: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    if (route.account) {
      await putSessionInPage(page, route.account);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.clearBrowserCache");
    }
    const recorded = recordClientFiles(page, clientDistDir);
    await page.goto(route.path);
    await route.ready(page);
    const lcpMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    // Chunks still arriving after the page showed (lazy parts of the shell) count too.
    await page.waitForLoadState("networkidle");
    return { gzipBytes: recorded.gzipBytes(), files: recorded.files().length, lcpMs };
  } finally {
    await browser.close();
  }
}

if (!hasBuiltClient()) {
  console.log(`No built client in ${clientDistDir}: run npm run build first.`);
  process.exit(1);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const database = await createTestDatabase();
const app = await startBenchApp(database);
const rows: string[] = [];
try {
  for (const route of ROUTES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await visit(app.baseUrl, route));
    const kbs = runs.map((r) => r.gzipBytes);
    const lcps = runs.map((r) => r.lcpMs);
    rows.push(
      `| ${route.label} | ${kib(median(kbs))} (${median(runs.map((r) => r.files))} files) | ${Math.min(...lcps).toFixed(0)} | ${median(lcps).toFixed(0)} |`,
    );
  }
} finally {
  await app.close();
  await database.close();
}
console.log(`\n${clientDistDir}: cold cache, loopback, Chromium, ${RUNS} runs`);
console.log("| route | gzip KB loaded (JS+CSS) | LCP ms min | LCP ms median |");
console.log("|---|---|---|---|");
for (const row of rows) console.log(row);
