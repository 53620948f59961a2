import type { Page } from "@playwright/test";
import { answerOperation, fieldRefusal, recordOperation, screen } from "./support/graphqlRoute";
import { expectServerRefusal } from "./support/ownData";
import { signIn } from "./support/signIn";
import { expect, test } from "./support/test";

/** /contact-us (spec §2, admin and user) with the shared rule of schema/contactUs.ts, and /faq. */

const SENT = "Your message has been sent.";
const SEND_OPERATION = "ContactUsPage_SendContactMessageMutation";

async function openContactUs(page: Page, account: "admin" | "user"): Promise<void> {
  await signIn(page, account, "/contact-us");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
}

test.describe("contact us", () => {
  test("sends a message and confirms it", async ({ page }) => {
    await openContactUs(page, "user");
    const sends = recordOperation(page, SEND_OPERATION);
    const send = page.getByRole("button", { name: "Send" });
    await expect(page.getByText("2000 characters remaining")).toBeVisible();
    await expect(send).toBeDisabled();
    await screen(page, "contact-us-empty");

    await page.getByLabel("Subject").fill("Access to Telemetry");
    const message = "Please give me Manage Staff on 6030 Telemetry.";
    await page.getByLabel("Message").fill(message);
    await expect(page.getByText(`${2000 - message.length} characters remaining`)).toBeVisible();
    await expect(send).toBeEnabled();
    await screen(page, "contact-us-filled");
    await send.click();

    await expect(page.getByText(SENT)).toBeVisible();
    await expect(page.getByText("We received “Access to Telemetry”")).toBeVisible();
    expect(sends).toEqual([{ input: { subject: "Access to Telemetry", message } }]);
    await screen(page, "contact-us-sent");

    await page.getByRole("button", { name: "Send another message" }).click();
    await expect(page.getByLabel("Subject")).toHaveValue("");
    await expect(page.getByText("2000 characters remaining")).toBeVisible();
  });

  test("bad input shows the rule's message and sends nothing", async ({ page }) => {
    await openContactUs(page, "admin");
    const sends = recordOperation(page, SEND_OPERATION);
    const send = page.getByRole("button", { name: "Send" });
    await expect(page.getByText(/is required/)).toHaveCount(0);

    await page.getByLabel("Subject").fill("   ");
    await page.getByLabel("Subject").blur();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await page.getByLabel("Message").click();
    await page.getByLabel("Message").blur();
    await expect(page.getByText("Message is required")).toBeVisible();
    await expect(send).toBeDisabled();
    await page.getByLabel("Subject").press("Enter");
    await screen(page, "contact-us-invalid");
    expect(sends).toEqual([]);
    await expect(page.getByText(SENT)).toHaveCount(0);

    // The server applies the same rule: a blank subject sent straight to the API is refused.
    await expectServerRefusal(
      page,
      { field: "sendContactMessage", inputType: "ContactMessageInput", input: { subject: "   ", message: "Hello" } },
      { field: "subject", message: "Subject is required" },
    );

    await page.reload();
    await expect(page.getByLabel("Subject")).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveValue("");
  });

  test("the message stops at 2000 characters", async ({ page }) => {
    await openContactUs(page, "admin");
    await page.getByLabel("Message").fill("x".repeat(2100));
    await expect(page.getByLabel("Message")).toHaveValue("x".repeat(2000));
    await expect(page.getByText("0 characters remaining")).toBeVisible();
  });

  test("server errors show on the form", async ({ page }) => {
    await openContactUs(page, "admin");
    await answerOperation(page, SEND_OPERATION, {
      sendContactMessage: fieldRefusal("subject", "Subject must be at most 120 characters"),
    });
    await page.getByLabel("Subject").fill("A subject");
    await page.getByLabel("Message").fill("A message");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Subject must be at most 120 characters")).toBeVisible();
    await expect(page.getByText(SENT)).toHaveCount(0);
  });
});

test.describe("FAQ's", () => {
  for (const account of ["admin", "user"] as const) {
    test(`${account} reads the questions and opens an answer`, async ({ page }) => {
      await signIn(page, account, "/faq");
      await expect(page.getByRole("heading", { level: 1, name: "FAQ's" })).toBeVisible();
      for (const question of [
        "How do I sign in?",
        "Why was I logged out while I was away?",
        "What are the account types and what can each do?",
        "Who may complete the wizard or manage staff for a cost center?",
        "What are the six steps of the planning wizard?",
        "How are FTEs calculated and rounded?",
        "How are PRN staff and travellers handled?",
        "What files can I upload?",
        "How do I get help or report a problem?",
      ]) {
        await expect(page.getByRole("button", { name: question })).toBeVisible();
      }
      const idle = page.getByRole("button", { name: "Why was I logged out while I was away?" });
      await idle.click();
      await expect(idle).toHaveAttribute("aria-expanded", "true");
      await expect(
        page.getByText("After 9 minutes without activity a dialog appears with a 60 second countdown."),
      ).toBeVisible();
      await page.getByRole("button", { name: "How are FTEs calculated and rounded?" }).click();
      await expect(page.getByText(/shown with 2 decimals but compared to 3 decimals/)).toBeVisible();
      await page.getByRole("button", { name: "What files can I upload?" }).click();
      await expect(page.getByText(/Files must be .csv or .xlsx and at most 100 MB/)).toBeVisible();
      await screen(page, `faq-${account}`);
    });
  }
});
