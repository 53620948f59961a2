import { expect, test } from "./support/ownData";
import { signIn } from "./support/signIn";
import { openAddUserPanel } from "./support/userAccess";

/**
 * The invitation loop against the embedded identity provider, end to end in Chromium: an admin adds
 * a user with a cost center, opens the development outbox, the invited person follows the link,
 * sets a password, signs in, and sees the cost center they were granted: a cost center of the
 * test's own, so no demo cost center gains staff.
 */
test("admin invites, the new user sets a password, signs in and sees the granted cost center", async ({
  page,
  browser,
  ownUnits,
}) => {
  const unit = await ownUnits.create("Invitation Unit", { grant: false });
  const first = `Ivy${(Date.now() % 1_000_000).toString(36).replace(/[^a-z0-9]/g, "")}`;
  const email = `${first.toLowerCase()}@example.test`;
  const password = "Invited-2026-pass";

  await signIn(page, "admin", "/admin/user-accessibility");
  const form = await openAddUserPanel(page, "Staff Nurse", "Outside your organization");
  await form.getByLabel("Employee ID").fill(`INV-${first}`);
  await form.getByLabel("Date of Hire").fill("01/05/2025");
  await form.getByLabel("First Name").fill(first);
  await form.getByLabel("Last Name").fill("Invited");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Assigned FTE").fill("0.60");
  await form.getByRole("button", { name: "Add cost center" }).click();
  const picker = page.getByTestId("cost-center-picker");
  await picker.getByText(unit.label, { exact: true }).click();
  await picker.getByRole("button", { name: "SAVE SELECTION (1)" }).click();
  await form.getByLabel(`FTE for ${unit.label}`).fill("0.6");
  await form.getByRole("button", { name: "ADD USER" }).click();
  await expect(page.getByTestId("top-banner")).toContainText(`User added. An invitation was sent to ${email}.`);

  // The development outbox holds the invitation with its 48-hour link.
  await page.getByRole("button", { name: "Outbox (development)" }).click();
  const message = page.getByTestId("outbox-message").filter({ hasText: `To: ${email}` });
  await expect(message).toContainText("valid for 48 hours");
  const link = await message.getByRole("link", { name: "Open invitation link" }).getAttribute("href");
  expect(link).toMatch(/\/oidc\/invite\//);

  // The invited person, in a browser of their own.
  const context = await browser.newContext();
  const invited = await context.newPage();
  await invited.goto(link as string);
  await expect(invited.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await expect(invited.getByText(email)).toBeVisible();
  await invited.getByLabel("New password", { exact: true }).fill("short");
  await invited.getByLabel("Confirm password").fill("short");
  // The browser's own minlength check stops it first; bypass it to see the server's answer.
  await invited.evaluate(() => {
    for (const input of document.querySelectorAll("input")) input.removeAttribute("minlength");
  });
  await invited.getByRole("button", { name: "Set password" }).click();
  await expect(invited.getByRole("alert")).toHaveText("The password must be at least 12 characters.");
  await invited.getByLabel("New password", { exact: true }).fill(password);
  await invited.getByLabel("Confirm password").fill(password);
  await invited.getByRole("button", { name: "Set password" }).click();
  await expect(invited.getByText("Your password is set. Sign in with your email and the new password.")).toBeVisible();
  await invited.getByRole("link", { name: "Continue to sign in" }).click();

  await invited.getByRole("button", { name: "Sign in" }).click();
  await expect(invited).toHaveURL(/\/oidc\/interaction\//);
  await invited.getByLabel("Email").fill(email);
  await invited.getByLabel("Password").fill(password);
  await invited.getByRole("button", { name: "Sign in" }).click();
  await expect(invited).toHaveURL(/\/home$/);
  await expect.poll(() => invited.evaluate(() => sessionStorage.getItem("accountType"))).toBe("user");
  await invited.goto("/user/landing");
  await expect(invited.getByText(unit.code, { exact: false }).first()).toBeVisible();
  await expect(invited.getByText(unit.name).first()).toBeVisible();
  await invited.screenshot({ path: ".tmp/shots-users/invited-user-landing.png" });

  // The link works once.
  await invited.goto(link as string);
  await expect(invited.getByRole("alert")).toHaveText("This invitation was already used. Sign in with your password.");
  await context.close();
});
