import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { UPLOAD_MESSAGES } from "../../schema/uploads";
import { signInByForm } from "../e2e/support/signIn";
import { downloadTemplate } from "../e2e/support/templates";

/**
 * docker-compose.yml as a person uses it (run by tests/compose/run.sh, which starts the stack at
 * PUBLIC_URL=https://staffing.test:8443 with SEED_DEMO=true, and names the containers and the app's
 * image in APP1_CONTAINER, APP2_CONTAINER, PROXY_CONTAINER and APP_IMAGE): sign-in through Caddy at
 * the public address, a file sent straight to blob storage under that address and imported with its
 * live status, one instance stopped while the other carries on, a crashed instance restarted by its
 * policy, the containers' user, and the image alone on the embedded defaults. (It ends a
 * container's process from this machine, as root does.)
 */

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this through tests/compose/run.sh`);
  return value;
};
const docker = (...args: string[]): string => execFileSync("docker", args, { encoding: "utf8" }).trim();

/** A GET from the page (its name resolves in the browser only): the status and the Server header. */
const getFromPage = (page: Page, path: string) =>
  page.evaluate(async (target) => {
    const response = await fetch(target, { cache: "no-store" });
    return { status: response.status, server: response.headers.get("server") };
  }, path);

test.describe.configure({ mode: "serial" });

test("a person signs in through the load balancer under the stack's public address", async ({ page, baseURL }) => {
  const { email, password, firstName, lastName } = DEMO_ACCOUNTS.admin;
  await signInByForm(page, email, password);
  await expect(page).toHaveURL(`${baseURL}/home`);
  await expect(page.getByRole("main").getByText(`Signed in as ${firstName} ${lastName}`)).toBeVisible();
  expect(await getFromPage(page, "/api/health")).toEqual({ status: 200, server: "Caddy" });
  // The root of Caddy's own authority, which clients install, where the README says it is.
  const root = docker("exec", env("PROXY_CONTAINER"), "cat", "/data/caddy/pki/authorities/local/root.crt");
  expect(root).toContain("BEGIN CERTIFICATE");
});

test("a cost center file goes from the browser to blob storage under the public address and is imported, its status live", async ({
  page,
  baseURL,
}) => {
  const { email, password } = DEMO_ACCOUNTS.admin;
  await signInByForm(page, email, password);
  await expect(page.getByRole("main").getByText("Signed in as")).toBeVisible();
  await page.goto("/admin/upload/cost-center");
  const blobRequests: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT") blobRequests.push(request.url());
  });
  const socketUrls: string[] = [];
  page.on("websocket", (socket) => socketUrls.push(socket.url()));

  const { book, sheet } = await downloadTemplate(page);
  const code = `8${(Date.now() % 1_000_000).toString().padStart(6, "0")}`;
  sheet.addRow([code, "Compose Check Unit", 0.2]);
  await page.getByTestId("file-input").setInputFiles({
    name: "cost-centers.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  await page.locator("footer").getByRole("button", { name: "SUBMIT" }).click();
  await expect(page.getByTestId("top-banner")).toContainText(UPLOAD_MESSAGES.uploaded);
  await expect(page.getByTestId("upload-progress")).toHaveText("1 rows imported");

  expect(blobRequests.length).toBeGreaterThan(0);
  for (const url of blobRequests) expect(url.startsWith(`${baseURL}/devstoreaccount1/`)).toBe(true);
  expect(socketUrls.some((url) => url.startsWith(`${baseURL?.replace(/^http/, "ws")}/`))).toBe(true);
});

test("with one instance stopped, the other carries on behind the load balancer", async ({ page }) => {
  const { email, password } = DEMO_ACCOUNTS.user;
  await signInByForm(page, email, password);
  await expect(page.getByRole("main").getByText("Signed in as")).toBeVisible();
  const app1 = env("APP1_CONTAINER");
  docker("stop", "--time", "5", app1);
  try {
    for (let visit = 0; visit < 4; visit += 1) {
      await page.goto("/user/landing");
      await expect(page.getByRole("heading", { name: "My cost centers" })).toBeVisible();
    }
    for (let request = 0; request < 6; request += 1) {
      expect((await getFromPage(page, "/api/health")).status).toBe(200);
    }
  } finally {
    docker("start", app1);
  }
});

test("an instance whose process dies is started again by its restart policy and turns healthy", async () => {
  test.setTimeout(120_000);
  const app2 = env("APP2_CONTAINER");
  const inspect = (format: string) => docker("inspect", "--format", format, app2);
  const restartsBefore = Number(inspect("{{.RestartCount}}"));
  // The server process as the machine sees it, ended as a crash would end it (not `docker stop`).
  process.kill(Number(inspect("{{.State.Pid}}")), "SIGKILL");
  await expect.poll(() => Number(inspect("{{.RestartCount}}")), { timeout: 30_000 }).toBe(restartsBefore + 1);
  await expect.poll(() => inspect("{{.State.Health.Status}}"), { timeout: 90_000, intervals: [1000] }).toBe("healthy");
});

test("the app containers run as the unprivileged node user", () => {
  for (const container of [env("APP1_CONTAINER"), env("APP2_CONTAINER")]) {
    expect(docker("exec", container, "id", "-un")).toBe("node");
  }
});

/** Runs the app's image alone on the embedded defaults at 127.0.0.1:4998 until `use` is done. */
async function withImageAlone(
  page: Page,
  settings: string[],
  use: (origin: string, container: string) => Promise<void>,
) {
  const origin = "http://127.0.0.1:4998";
  const environment = [`PUBLIC_URL=${origin}`, ...settings].flatMap((setting) => ["-e", setting]);
  const container = docker("run", "-d", "--rm", "-p", "127.0.0.1:4998:4000", ...environment, env("APP_IMAGE"));
  try {
    await expect
      .poll(async () => (await page.request.get(`${origin}/api/health`).catch(() => null))?.status(), {
        timeout: 90_000,
      })
      .toBe(200);
    await use(origin, container);
  } finally {
    docker("stop", "--time", "5", container);
  }
}

test("the image alone runs on the embedded defaults, its data in the /app/data volume", async ({ page }) => {
  test.setTimeout(120_000);
  await withImageAlone(page, [], async (origin, container) => {
    const { email, password, firstName, lastName } = DEMO_ACCOUNTS.exec;
    await signInByForm(page, email, password, `${origin}/home`);
    await expect(page.getByRole("main").getByText(`Signed in as ${firstName} ${lastName}`)).toBeVisible();
    expect(docker("exec", container, "id", "-un")).toBe("node");
    expect(docker("exec", container, "ls", "/app/data").split("\n").sort()).toEqual(["azurite", "pgdata"]);
  });
});

test("with SEED_DEMO=false (the compose stack's default) there are no demo accounts", async ({ page }) => {
  test.setTimeout(120_000);
  await withImageAlone(page, ["SEED_DEMO=false"], async (origin) => {
    await signInByForm(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, `${origin}/home`);
    await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  });
});
