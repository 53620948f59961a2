import { List, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

export type FaqEntry = { id: string; question: string; answer: ReactNode };
export type FaqSection = { id: string; title: string; entries: readonly FaqEntry[] };

function Paragraph({ children }: { children: ReactNode }) {
  return <Text>{children}</Text>;
}

function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <List.Root ps="5" gap="1.5">
      {items.map((item, index) => (
        // The lists are fixed text: the position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static content
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

function Steps({ items }: { items: readonly ReactNode[] }) {
  return (
    <List.Root as="ol" ps="5" gap="1.5">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static content
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

/** Answers for administrators and unit managers (the two account types that reach /faq). */
export const FAQ_SECTIONS: readonly FaqSection[] = [
  {
    id: "signing-in",
    title: "Signing in and your session",
    entries: [
      {
        id: "sign-in",
        question: "How do I sign in?",
        answer: (
          <>
            <Paragraph>
              Choose Sign in on the home page and use the account your organisation gave you (the same e-mail and
              password as your other hospital systems). After signing in you return to the home page; the header shows
              your facility and your initials, and your landing page is one click away through the home button in the
              footer.
            </Paragraph>
            <Paragraph>
              New users receive an invitation e-mail. The invitation link is valid for 48 hours; if it has expired, ask
              your administrator to resend it.
            </Paragraph>
          </>
        ),
      },
      {
        id: "idle-logout",
        question: "Why was I logged out while I was away?",
        answer: (
          <>
            <Paragraph>
              To protect patient and staff data, a session that sits idle is closed. Moving the mouse, clicking or
              typing counts as activity.
            </Paragraph>
            <Bullets
              items={[
                "After 9 minutes without activity a dialog appears with a 60 second countdown.",
                "Choose KEEP ME LOGGED IN to carry on where you were, or LOG ME OUT to end the session now.",
                "When the countdown reaches 0, or after more than 10 minutes without activity, you are logged out automatically.",
              ]}
            />
            <Paragraph>Save your work before stepping away: changes that were not saved are lost at log out.</Paragraph>
          </>
        ),
      },
      {
        id: "unsaved-changes",
        question: "Why does the app ask me before I leave a page?",
        answer: (
          <Paragraph>
            When a page has changes you have not saved, the app checks with you before LOGOUT, the home button, the
            footer's main and back buttons and the menu links, so you do not lose your work by accident.
          </Paragraph>
        ),
      },
    ],
  },
  {
    id: "accounts",
    title: "Account types and permissions",
    entries: [
      {
        id: "account-types",
        question: "What are the account types and what can each do?",
        answer: (
          <>
            <Paragraph>Your account type is shown in the user menu at the top right.</Paragraph>
            <Bullets
              items={[
                <>
                  <strong>Admin</strong>: runs the onboarding of the facility: system relationships, financial
                  information and HR guidelines, job categories, cost centers, bulk uploads (cost centers, staff,
                  users), cost center maintenance (add, update, delete, reset, unlock) and user accessibility.
                </>,
                <>
                  <strong>User</strong> (unit managers and their teams): completes the planning wizard for the cost
                  centers they are responsible for, manages staff, models staffing and sees the dashboard.
                </>,
                <>
                  <strong>Executive</strong>: sees the facility and individual dashboards, the positions rollup and
                  position control, read-only, for the areas they oversee.
                </>,
              ]}
            />
            <Paragraph>Every account type can use Employee search and its Profile page.</Paragraph>
          </>
        ),
      },
      {
        id: "cost-center-permissions",
        question: "Who may complete the wizard or manage staff for a cost center?",
        answer: (
          <>
            <Paragraph>
              Only one person per cost center may complete the Wizard, and only one may manage staff. Several may be
              Read Only. Executives have Read Only by default for all areas they oversee.
            </Paragraph>
            <Paragraph>
              Administrators set these permissions per user and per cost center on the User Accessibility page. Each
              assigned cost center carries an FTE, and a user's cost center FTEs must add up to their assigned FTE.
              Executives carry no FTE on their cost centers.
            </Paragraph>
          </>
        ),
      },
      {
        id: "unassigned",
        question: "What does 'Unassigned Employee' or UNASSIGNED mean?",
        answer: (
          <Paragraph>
            An employee who belongs to no cost center is marked Unassigned Employee in Employee search; on User
            Accessibility, a user with no cost center permissions is marked UNASSIGNED. A unit manager with Manage Staff
            permission can assign staff to their cost center in Manage Staff; an administrator gives users their cost
            center permissions on User Accessibility.
          </Paragraph>
        ),
      },
    ],
  },
  {
    id: "wizard",
    title: "The planning wizard",
    entries: [
      {
        id: "wizard-steps",
        question: "What are the six steps of the planning wizard?",
        answer: (
          <>
            <Paragraph>Each cost center has one staffing plan per budget year, built in six steps:</Paragraph>
            <Steps
              items={[
                <>
                  <strong>Unit definition</strong>: average daily census, the hours per patient day (HPPD) target, the
                  non-productive and overtime goals, and finance's productive and total paid FTE budgets.
                </>,
                <>
                  <strong>Define roles</strong>: exempt (fixed) roles with an FTE, and variable roles with their Days,
                  Evenings and Nights shifts: military start time, length in hours and staff per shift.
                </>,
                <>
                  <strong>Create care schedules</strong>: how many staff are on duty in each of the 24 hours of the day.
                </>,
                <>
                  <strong>Assign staff</strong>: place every staff member of the cost center in a position, or remove
                  them.
                </>,
                <>
                  <strong>Finalize position control</strong>: the FTE that staff do not fill becomes open positions
                  (requisition number, FTE, shift, traveller or not).
                </>,
                <>
                  <strong>Review and attest</strong>: check the plan against finance's budget and sign it off.
                </>,
              ]}
            />
          </>
        ),
      },
      {
        id: "wizard-changes",
        question: "I changed an earlier step. Why are later steps in progress again?",
        answer: (
          <Paragraph>
            Later steps are built on the earlier ones, so changing a step sends every step after it back to In Progress;
            review them again and the plan is complete once more. A completed (attested) wizard is locked: to change it,
            ask an administrator to unlock or reset it on Cost Center Maintenance. When budget season begins, a wizard
            begun before it must be re-verified.
          </Paragraph>
        ),
      },
      {
        id: "footer-notices",
        question: "The footer says I cannot proceed. What do I need to do?",
        answer: (
          <Bullets
            items={[
              "All travellers need contract end dates to proceed: add a contract end date to each traveller.",
              "All PRN FTE must be set to the facility standard: PRN staff carry the facility's PRN FTE.",
              "All staff must be assigned a position or removed: on Assign staff, staff shown in red still need a position.",
              "Unassigned staff in a cost center should be addressed in Manage Staff.",
            ]}
          />
        ),
      },
    ],
  },
  {
    id: "fte",
    title: "FTE, PRN and travellers",
    entries: [
      {
        id: "fte-rounding",
        question: "How are FTEs calculated and rounded?",
        answer: (
          <>
            <Paragraph>
              One FTE is the facility's annual hours per FTE (2080 unless your facility sets another figure, that is 40
              hours a week for 52 weeks). A nurse working three 12-hour shifts a week is 0.9 FTE.
            </Paragraph>
            <Paragraph>
              FTEs are shown with 2 decimals but compared to 3 decimals. For example, cost center FTEs of 0.333, 0.333
              and 0.334 add up to exactly 1.000 and match an assigned FTE of 1.00; 0.33 + 0.33 + 0.33 = 0.990 does not.
              FTE fields step by 0.1 and accept 0 to 1.5; an exempt role needs at least 0.01.
            </Paragraph>
          </>
        ),
      },
      {
        id: "prn-travellers",
        question: "How are PRN staff and travellers handled?",
        answer: (
          <Bullets
            items={[
              "A staff member is either PRN or a traveller, never both.",
              "PRN staff get the facility's standard PRN FTE (set by the administrator in the budget settings); the FTE field is filled in for you.",
              "Travellers need a contract end date. Their FTE is counted in its own traveller bucket, not in hired FTE, so the gap between budget and staffing stays honest.",
              "PRN, traveller and overtime FTE are always kept apart from hired FTE on the plan and the dashboards.",
            ]}
          />
        ),
      },
    ],
  },
  {
    id: "uploads",
    title: "Uploads",
    entries: [
      {
        id: "upload-files",
        question: "What files can I upload?",
        answer: (
          <>
            <Paragraph>
              Administrators upload cost centers, staff and users in bulk; unit managers can upload staff for a cost
              center. Files must be .csv or .xlsx and at most 100 MB. Download the template on the upload screen and
              keep its header row.
            </Paragraph>
            <Bullets
              items={[
                "A larger file is refused with 'file size exceeds 100mb limit.'",
                "Another format is refused with 'please upload file format in .xlsx or .csv'",
              ]}
            />
          </>
        ),
      },
      {
        id: "upload-errors",
        question: "My upload failed. What happened to my data?",
        answer: (
          <Paragraph>
            Nothing was changed: a file is imported completely or not at all. The error box lists each problem with its
            row and column ('Attachment failed, … at row N, column M'); correct the file, remove the attachment and
            upload it again. Progress is followed live and checked every 30 seconds; if no result arrives after 3 checks
            you see 'An unexpected error occurred. Please try again'.
          </Paragraph>
        ),
      },
    ],
  },
  {
    id: "help",
    title: "Getting help",
    entries: [
      {
        id: "employee-search",
        question: "How do I look up an employee?",
        answer: (
          <Paragraph>
            Open Employee search from your landing page and type at least 2 characters of a name or employee ID. Use the
            arrow keys and Enter, or the mouse, to choose someone: their details, cost centers, managers and positions
            appear on a read-only card.
          </Paragraph>
        ),
      },
      {
        id: "get-help",
        question: "How do I get help or report a problem?",
        answer: (
          <Paragraph>
            Use Contact Us in the user menu (top right) to send a message to the support team; include the cost center
            and the page your question is about. For access to a cost center, ask your facility's administrator. If a
            page shows 'Something went wrong...', refresh it; if the problem persists, use Show Details and send what it
            says through Contact Us.
          </Paragraph>
        ),
      },
    ],
  },
];
