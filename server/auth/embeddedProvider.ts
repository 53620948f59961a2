import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import Provider, { type Configuration, type KoaContextWithOIDC, errors as oidcErrors } from "oidc-provider";
import type { Database } from "../../db/client";
import { disallowedTextMessage, fieldLabel, findDisallowedText } from "../../schema/text";
import type { AppConfig } from "../config";
import { MAX_REQUEST_BYTES, MAX_REQUEST_SIZE_TEXT } from "../http/limits";
import { requestSource } from "../http/requestSource";
import { recordAudit, signInFailureEntry } from "../services/audit";
import { DomainError } from "../services/errors";
import { checkPassword, findIdentityAccount } from "../services/identityAccounts";
import { acceptInvite, findOpenInvite, INVITE_PATH } from "../services/invitations";
import { type RateLimiter, TooManyRequestsError } from "../services/rateLimits";
import { databaseAdapterFactory } from "./providerAdapter";
import {
  AUTO_SUBMIT_SCRIPT,
  escapeHtml,
  renderAcceptInvitePage,
  renderLoginPage,
  renderMessagePage,
} from "./providerPages";
import { EMBEDDED_CLIENT_ID, SIGN_IN_REDIRECT_PATH } from "./publicSettings";
import type { SigningKey } from "./signingKeys";
import { embeddedApiAudience, embeddedIssuer } from "./tokens";

export const EMBEDDED_PROVIDER_PATH = "/oidc";
const API_SCOPE = "api";

type NodeBindings = { Bindings: { incoming: IncomingMessage; outgoing: ServerResponse } };

/**
 * The embedded OpenID Connect provider that stands in for Azure AD B2C when no B2C settings are
 * given: authorization code + PKCE for the browser, RS256 JWT access tokens for the API.
 * `redirectOrigins` lists extra origins allowed to sign in (the Vite dev server).
 */
export function createEmbeddedProvider(options: {
  config: AppConfig;
  db: Database;
  signingKey: SigningKey;
  redirectOrigins?: string[];
  /** Failed sign-ins per account and per address (issue #12: 10 lock either for 15 minutes). */
  signInLimiter: RateLimiter;
}) {
  const { config, db, signingKey, signInLimiter } = options;
  const audience = embeddedApiAudience(config.publicUrl);
  const origins = [config.publicUrl, ...(options.redirectOrigins ?? [])];

  const configuration: Configuration = {
    adapter: databaseAdapterFactory(db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: origins.map((origin) => `${origin}${SIGN_IN_REDIRECT_PATH}`),
        post_logout_redirect_uris: origins.map((origin) => `${origin}${SIGN_IN_REDIRECT_PATH}`),
      },
    ],
    jwks: { keys: [signingKey] },
    // Derived from the stored signing key, so every instance and restart accepts the same cookies.
    cookies: { keys: [createHmac("sha256", String(signingKey.d)).update("oidc-cookies").digest("base64url")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 900,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      RefreshToken: 8 * 3600,
    },
    // The browser renews its hour-long access token silently while the sign-in session lasts (8 h,
    // ended by log out); the provider rotates the refresh token on every use.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = "html";
          ctx.body = renderMessagePage(
            "Signing out",
            `${form}<script>${AUTO_SUBMIT_SCRIPT}</script><noscript><button form="op.logoutForm" type="submit" name="logout" value="yes">Sign out</button></noscript>`,
          );
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new oidcErrors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenTTL: 3600,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    async findAccount(_ctx, subject) {
      const account = await findIdentityAccount(db, subject);
      if (!account) return undefined;
      return {
        accountId: subject,
        claims: () => ({
          sub: subject,
          email: account.email,
          email_verified: true,
          name: `${account.firstName} ${account.lastName}`,
          given_name: account.firstName,
          family_name: account.lastName,
        }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== "AccessToken" || !token.accountId) return undefined;
      const account = await findIdentityAccount(db, token.accountId);
      if (!account) return undefined;
      // `sid`: the sign-in session the token belongs to, the same through every renewal; the API's
      // idle rule counts a session's activity under it (server/services/sessionActivity.ts).
      const sessionUid = "sessionUid" in token && typeof token.sessionUid === "string" ? token.sessionUid : undefined;
      return { email: account.email, ...(sessionUid ? { sid: sessionUid } : {}) };
    },
    interactions: { url: (_ctx, interaction) => `${EMBEDDED_PROVIDER_PATH}/interaction/${interaction.uid}` },
    // Our own web app is first-party: grant what it asks for without a consent screen.
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(" "));
      grant.addResourceScope(audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = renderMessagePage(
        "Sign-in problem",
        `<p>${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="${SIGN_IN_REDIRECT_PATH}">Back to the app</a></p>`,
      );
    },
  };

  const provider = new Provider(embeddedIssuer(config.publicUrl), configuration);
  provider.on("server_error", (_ctx, error) => console.error("Identity provider error:", error));
  // The provider builds its endpoints' addresses and its cookies' Secure flag from the request's
  // scheme and host. Behind a load balancer that ends TLS (an https PUBLIC_URL), requests arrive here
  // over http while browsers use https: every provider request is given PUBLIC_URL's scheme and host
  // (the issuer's), never ones a client sent.
  provider.proxy = true;
  const publicAddress = new URL(config.publicUrl);
  const withPublicAddress = (req: IncomingMessage) => {
    req.headers["x-forwarded-proto"] = publicAddress.protocol.replace(/:$/, "");
    req.headers["x-forwarded-host"] = publicAddress.host;
  };

  /** The sign-in form: a plain, accessible page with Email, Password and Sign in. */
  const interactions = new Hono<NodeBindings>();
  interactions.use(`${EMBEDDED_PROVIDER_PATH}/*`, async (c, next) => {
    withPublicAddress(c.env.incoming);
    await next();
  });
  // The sign-in and invitation forms are a few hundred bytes: refuse big bodies before reading them.
  interactions.use(
    `${EMBEDDED_PROVIDER_PATH}/*`,
    bodyLimit({
      maxSize: MAX_REQUEST_BYTES,
      onError: (c) =>
        c.html(renderMessagePage("Sign-in problem", `<p>The form is larger than ${MAX_REQUEST_SIZE_TEXT}.</p>`), 413),
    }),
  );
  interactions.get(`${EMBEDDED_PROVIDER_PATH}/interaction/:uid`, async (c) => {
    const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
    return c.html(renderLoginPage({ action: `${EMBEDDED_PROVIDER_PATH}/interaction/${details.uid}/login` }));
  });
  interactions.post(`${EMBEDDED_PROVIDER_PATH}/interaction/:uid/login`, async (c) => {
    const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
    const action = `${EMBEDDED_PROVIDER_PATH}/interaction/${details.uid}/login`;
    const form = await c.req.parseBody();
    const email = typeof form.email === "string" ? form.email : "";
    const password = typeof form.password === "string" ? form.password : "";
    const source = requestSource(c.env);
    const address = source ?? "unknown";
    // Bounded: an address is the attacker's to vary, and so is the text of the email field.
    const keys = { account: `account:${email.trim().toLowerCase().slice(0, 320)}`, address: `address:${address}` };
    const refuseLocked = (seconds: number) => {
      c.header("Retry-After", String(seconds));
      const { message } = new TooManyRequestsError(seconds, "Too many failed sign-ins");
      return c.html(renderLoginPage({ action, email, error: message }), 429);
    };
    const lockedFor = Math.max(
      await signInLimiter.retryAfter(keys.account),
      await signInLimiter.retryAfter(keys.address),
    );
    if (lockedFor > 0) return refuseLocked(lockedFor);
    // The shared text rule: a NUL in the email would otherwise reach the database as a 500.
    const oddField = findDisallowedText({ email })?.[0];
    const account = email && password && !oddField ? await checkPassword(db, email, password) : undefined;
    if (!account && email && password && !oddField) {
      // Only tries the limiter counts are recorded, so an address or an account writes at most
      // `limit` failures per lock period before the lock answers without a record.
      await recordAudit(db, await signInFailureEntry(db, email, source));
      let lockSeconds = 0;
      for (const [kind, key] of Object.entries(keys)) {
        const locked = await signInLimiter.hit(key);
        if (locked === 0) continue;
        lockSeconds = Math.max(lockSeconds, locked);
        await recordAudit(db, {
          actorUserId: null,
          facilityId: null,
          action: "sign_in.lock",
          entityType: `sign_in_${kind}`,
          entityId: key.slice(kind.length + 1),
          before: null,
          after: {
            email: email.slice(0, 320),
            address,
            failures: signInLimiter.policy.limit,
            lockedForSeconds: locked,
          },
          source,
        });
      }
      if (lockSeconds > 0) return refuseLocked(lockSeconds);
    }
    if (!account) {
      return c.html(
        renderLoginPage({
          action,
          email,
          error: oddField ? disallowedTextMessage(fieldLabel(oddField)) : "The email or password is incorrect.",
        }),
        oddField ? 400 : 401,
      );
    }
    await signInLimiter.reset(keys.account);
    await recordAudit(db, {
      actorUserId: account.userId,
      facilityId: account.facilityId,
      action: "sign_in.success",
      entityType: "user",
      entityId: account.userId,
      before: null,
      after: { email: account.email },
      source,
    });
    const redirectTo = await provider.interactionResult(
      c.env.incoming,
      c.env.outgoing,
      { login: { accountId: account.subject } },
      { mergeWithLastSubmission: false },
    );
    return c.redirect(redirectTo, 303);
  });

  /** The set-password form of an open invitation, with the refusal of the last try if any. */
  const acceptInvitePage = async (token: string, error?: string) => {
    const invite = await findOpenInvite(db, token);
    return renderAcceptInvitePage({
      action: `${INVITE_PATH}/${token}`,
      email: invite.email,
      name: `${invite.firstName} ${invite.lastName}`,
      error,
    });
  };
  /** The invitation link (48 hours): set a password, then sign in through the usual form. */
  interactions.get(`${INVITE_PATH}/:token`, async (c) => {
    try {
      return c.html(await acceptInvitePage(c.req.param("token")));
    } catch (error) {
      return inviteRefusal(c, error);
    }
  });
  interactions.post(`${INVITE_PATH}/:token`, async (c) => {
    const form = await c.req.parseBody();
    const password = typeof form.password === "string" ? form.password : "";
    const confirm = typeof form.confirm === "string" ? form.confirm : "";
    try {
      await acceptInvite(db, c.req.param("token"), password, confirm, requestSource(c.env));
    } catch (error) {
      if (error instanceof DomainError && error.fieldErrors.password) {
        return c.html(await acceptInvitePage(c.req.param("token"), error.message), 400);
      }
      return inviteRefusal(c, error);
    }
    return c.html(
      renderMessagePage(
        "Password set",
        `<p class="lead">Your password is set. Sign in with your email and the new password.</p><p><a href="${SIGN_IN_REDIRECT_PATH}">Continue to sign in</a></p>`,
      ),
    );
  });

  const callback = provider.callback();
  /** Node handler for every provider path except the interactions above (mounted like Express does). */
  function handle(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) {
    withPublicAddress(req);
    req.originalUrl = req.url;
    req.url = req.url?.slice(EMBEDDED_PROVIDER_PATH.length) || "/";
    return callback(req, res);
  }

  /** Someone ended their sign-in session (log out): `listener` gets its subject. */
  const onSignOut = (listener: (subject: string) => void) => {
    provider.on("end_session.success", (ctx: KoaContextWithOIDC) => {
      const subject = ctx.oidc.session?.accountId;
      if (subject) listener(subject);
    });
  };

  return { provider, interactions, handle, onSignOut };
}

export function isProviderPath(url: string | undefined) {
  return !!url && (url === EMBEDDED_PROVIDER_PATH || url.startsWith(`${EMBEDDED_PROVIDER_PATH}/`));
}

/** Paths of the embedded provider that our own handlers answer (sign-in form, accept-invite page). */
export function isInteractionPath(url: string | undefined) {
  return !!url && (url.startsWith(`${EMBEDDED_PROVIDER_PATH}/interaction/`) || url.startsWith(`${INVITE_PATH}/`));
}

function inviteRefusal(c: Context, error: unknown) {
  if (!(error instanceof DomainError)) throw error;
  const status = error.code === "not_found" ? 404 : error.code === "conflict" ? 409 : 400;
  return c.html(
    renderMessagePage(
      "Invitation",
      `<div class="error" role="alert">${escapeHtml(error.message)}</div><p><a href="${SIGN_IN_REDIRECT_PATH}">Go to the sign-in page</a></p>`,
    ),
    status,
  );
}
