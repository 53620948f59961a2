import { randomBytes } from "node:crypto";
import type { ConfidentialClientApplication } from "@azure/msal-node";
import type { B2cConfig } from "../config";
import { DomainError } from "../services/errors";
import { createInviteToken, type IdentityDirectory, INVITE_SUBJECT, inviteMessageBody } from "../services/invitations";

export const GRAPH_BASE_URL = "https://graph.microsoft.com/v1.0";
const GRAPH_SCOPE = "https://graph.microsoft.com/.default";

/** How the directory gets a Graph access token; msal-node client credentials in production. */
export type GraphTokenSource = () => Promise<string>;

export function msalGraphTokenSource(tenantId: string, clientId: string, clientSecret: string): GraphTokenSource {
  // msal-node (~470 modules with its dependencies) is loaded for the first token, not at every start:
  // only Azure AD B2C mode asks for one.
  let client: Promise<ConfidentialClientApplication> | undefined;
  return async () => {
    client ??= import("@azure/msal-node").then(
      (msal) =>
        new msal.ConfidentialClientApplication({
          auth: { clientId, clientSecret, authority: `https://login.microsoftonline.com/${tenantId}` },
        }),
    );
    const result = await (await client).acquireTokenByClientCredential({ scopes: [GRAPH_SCOPE] });
    if (!result?.accessToken) throw new Error("Microsoft Graph gave no access token");
    return result.accessToken;
  };
}

/**
 * Azure AD B2C through Microsoft Graph: finds or creates the local (email) account of the user,
 * then sends the invitation from the configured sender mailbox. The account gets a random password
 * nobody knows; the invitation sends the person to the B2C sign-in, where 'Forgot your password?'
 * (a B2C-verified email round trip) sets their own. The invitation record keeps the 48-hour expiry.
 */
export function b2cDirectory(
  b2c: B2cConfig,
  options: { publicUrl: string; tokenSource?: GraphTokenSource; fetch?: typeof fetch },
): IdentityDirectory {
  const graph = b2c.graph;
  const tokenSource =
    options.tokenSource ?? (graph ? msalGraphTokenSource(b2c.tenantId, graph.clientId, graph.clientSecret) : undefined);
  const send = options.fetch ?? fetch;
  const issuer = `${b2c.tenantName}.onmicrosoft.com`;

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    if (!tokenSource) throw notConfigured();
    const response = await send(`${GRAPH_BASE_URL}${path}`, {
      method,
      headers: { authorization: `Bearer ${await tokenSource()}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new DomainError("conflict", `The identity provider refused (${response.status}): ${graphMessage(text)}`);
    }
    return text ? JSON.parse(text) : undefined;
  }

  return {
    kind: "b2c",
    async invite(db, invitation) {
      if (!graph || !tokenSource) throw notConfigured();
      const email = invitation.email.toLowerCase();
      const filter = `identities/any(c:c/issuerAssignedId eq '${email.replace(/'/g, "''")}' and c/issuer eq '${issuer}')`;
      const found = (await call("GET", `/users?$select=id&$filter=${encodeURIComponent(filter)}`)) as {
        value?: { id: string }[];
      };
      if (!found?.value?.length) {
        await call("POST", "/users", {
          accountEnabled: true,
          displayName: `${invitation.firstName} ${invitation.lastName}`,
          givenName: invitation.firstName,
          surname: invitation.lastName,
          identities: [{ signInType: "emailAddress", issuer, issuerAssignedId: email }],
          passwordProfile: {
            password: `${randomBytes(24).toString("base64url")}aA1!`,
            forceChangePasswordNextSignIn: false,
          },
          passwordPolicies: "DisablePasswordExpiration",
        });
      }
      const { expiresAt } = await createInviteToken(db, invitation);
      const link = `${options.publicUrl}/home?login_hint=${encodeURIComponent(email)}`;
      await call("POST", `/users/${encodeURIComponent(graph.senderAddress)}/sendMail`, {
        message: {
          subject: INVITE_SUBJECT,
          body: {
            contentType: "Text",
            content: inviteMessageBody(
              invitation,
              link,
              expiresAt,
              "On the sign-in page choose 'Forgot your password?' to set your password.",
            ),
          },
          toRecipients: [{ emailAddress: { address: invitation.email } }],
        },
        saveToSentItems: false,
      });
    },
  };
}

const notConfigured = () =>
  new DomainError(
    "conflict",
    "Adding users needs Microsoft Graph: set B2C_GRAPH_CLIENT_ID, B2C_GRAPH_CLIENT_SECRET and INVITE_SENDER_ADDRESS",
  );

function graphMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } };
    return parsed.error?.message ?? text;
  } catch {
    return text || "no details";
  }
}
