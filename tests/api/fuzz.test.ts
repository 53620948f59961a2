import { readFileSync } from "node:fs";
import { request } from "node:http";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import {
  buildSchema,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  isUnionType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { loadConfig } from "../../server/config";
import { createRestApi } from "../../server/rest";
import type { RestDeps } from "../../server/rest/deps";
import { resultRows } from "../support/database";
import { graphqlRequest } from "../support/graphql";
import { startTestServer, type TestServer } from "../support/server";
import { demoAccountTokens } from "../support/tokens";

/**
 * Issue #12: a fast-check fuzz of every REST body and every GraphQL input. Strings carry NULs, lone
 * surrogates and 1 MB of text; numbers are NaN, ±∞, negative, huge or of the wrong type. Whatever
 * arrives, the server answers without a 500 (or GraphQL's masked "Unexpected error."), and a
 * refused request writes nothing: every table's rows hash the same before and after.
 *
 * The operations are read from the running code (the schema's root fields, the REST app's routes),
 * so a new call is fuzzed without anyone remembering to list it here.
 */

const RUNS = 8;
/** The schema as served (`npm run schema:check` keeps the file equal to the code's schema). */
const schema = buildSchema(readFileSync("schema/schema.graphql", "utf8"));

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field.
type Json = Record<string, any>;

let server: TestServer;
let tokens: Record<"admin" | "exec" | "user", string>;
/** Real ids the calls take, so a fuzzed request reaches the checks behind "no such id". */
let ids: string[];

beforeAll(async () => {
  server = await startTestServer();
  tokens = await demoAccountTokens(server);
  // A plan with a role on 6010, begun by its Complete Wizard holder: the wizard calls have ids to act on.
  const started = await graphqlRequest(
    server.baseUrl,
    tokens.user,
    `mutation($id: ID!) { startStaffingPlan(costCenterId: $id) {
      ... on MutationStartStaffingPlanSuccess { data { plan { id } } } } }`,
    { id: demoId("costCenter", 1) },
  );
  const planId = (started.body.data?.startStaffingPlan as Json).data.plan.id as string;
  const role = await graphqlRequest(
    server.baseUrl,
    tokens.user,
    `mutation($planId: ID!, $input: UnitRoleInput!) { createUnitRole(planId: $planId, input: $input) {
      ... on MutationCreateUnitRoleSuccess { data { plan { roles { id } } } } } }`,
    {
      planId,
      input: {
        name: "Registered Nurse",
        jobId: demoId("job", 1),
        isExempt: false,
        shifts: [{ shift: "Days", startTime: "0700", durationHours: 12, staffPerShift: 2 }],
      },
    },
  );
  const roleIds = (role.body.data?.createUnitRole as Json).data.plan.roles as Json[];
  expect(roleIds).toHaveLength(1);
  ids = [
    planId,
    ...roleIds.map((r) => r.id as string),
    DEMO_FACILITY_ID,
    ...Object.values(DEMO_USER_IDS),
    ...[1, 2, 3, 4].map((n) => demoId("costCenter", n)),
    ...[1, 2].map((n) => demoId("staff", n)),
    ...[1, 2].map((n) => demoId("job", n)),
    demoId("position", 1),
  ];
  const tables = rows(
    await server.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  );
  fingerprintQuery = sql.raw(
    `${tables
      .map(
        ({ tablename }) => `select '${tablename}' as "table", count(*)::int as "rows",
        coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as "hash" from ${rowsOf(tablename)} t`,
      )
      .join(" union all ")} order by "table"`,
  );
});
afterAll(() => server?.close());

/**
 * A table's rows as the fingerprint reads them. A refusal writes two things on purpose (issue #17):
 * its own authorization.denied audit record, and, on a session's first request, the session's
 * start in session_activity (the idle rule's clock); every other row must stay as it was.
 */
const rowsOf = (table: string) =>
  table === "audit_log"
    ? `(select * from "audit_log" where action <> 'authorization.denied')`
    : table === "session_activity"
      ? `(select * from "session_activity" where false)`
      : `"${table}"`;

const rows = (result: unknown) => resultRows<Json>(result);
let fingerprintQuery: ReturnType<typeof sql.raw>;
/** Every table's row count and a hash of its rows: a second, simpler account of "nothing written". */
const fingerprint = async () => rows(await server.database.db.execute(fingerprintQuery));
/**
 * Sends a request and, when the server refused it, checks that no table changed; names the tables
 * that did. (Fingerprinting before every request keeps one stray write from failing the calls after it.)
 */
async function expectNothingWrittenIfRefused(requestRefused: () => Promise<boolean>) {
  const before = await fingerprint();
  if (!(await requestRefused())) return;
  const after = await fingerprint();
  const changed = after.filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i])).map((r) => r.table);
  expect(changed, "tables written by a refused request").toEqual([]);
}

type Account = "admin" | "exec" | "user" | "none";
/**
 * Each input goes in as the administrator and as the manager (one of them may make the call, so the
 * fuzz gets past authorization), and now and then as the executive or with no token at all.
 */
const accounts: fc.Arbitrary<Account[]> = fc
  .option(fc.constantFrom<Account>("exec", "none"), { freq: 4 })
  .map((other) => (other ? ["admin", "user", other] : ["admin", "user"]));
const headersFor = (choice: Account): Record<string, string> =>
  choice === "none"
    ? { "content-type": "application/json" }
    : { "content-type": "application/json", authorization: `Bearer ${tokens[choice]}` };

// ---------------------------------------------------------------------------------------------
// GraphQL: every root query and mutation field that takes arguments, with values built from its
// argument types (right shape, hostile contents) and, now and then, values of the wrong type.

/** JSON text cannot carry NaN or ∞; these stand-ins are swapped for `1e999` (∞) in the raw body. */
const INFINITY = "__fuzz_infinity__";
const MINUS_INFINITY = "__fuzz_minus_infinity__";

/** Mostly `value`, now and then `other`: every call still reaches the checks behind the first wrong field. */
const mostly = (value: fc.Arbitrary<unknown>, other: fc.Arbitrary<unknown>, odds = 60) =>
  fc.oneof({ weight: odds, arbitrary: value }, { weight: 1, arbitrary: other });

/**
 * Hostile text: any code points (lone surrogates too), NULs, formula starts, bad dates and times,
 * and now and then 1 MB (over the body limit) or 200,000 characters (under it). In a URL the longest
 * is 2,000 characters: Node's HTTP server refuses request heads over 16 KB itself (431) before the app.
 */
const hostileText = (where: "body" | "url" = "body") =>
  fc.oneof(
    { weight: 60, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    {
      weight: 38,
      arbitrary: fc.constantFrom(
        "",
        " ",
        "\u0000",
        "Ann\u0000Lee",
        "\ud800",
        "x\udfff",
        '=HYPERLINK("http://x")',
        "+1",
        "-1",
        "@SUM(A1)",
        "2026-02-30",
        "13/45/2026",
        "2430",
        "NaN",
        "1e999",
      ),
    },
    { weight: 1, arbitrary: fc.constant("x".repeat(where === "url" ? 2_000 : 1024 * 1024)) },
    { weight: 1, arbitrary: fc.constant("y".repeat(where === "url" ? 1_000 : 200_000)) },
  );
const hostileInteger = fc.oneof(
  fc.integer({ min: -10, max: 100 }),
  fc.constantFrom(-1, 0, 2 ** 31 - 1, -(2 ** 31), 1_000_000),
);
const hostileNumber = fc.oneof(
  { weight: 4, arbitrary: fc.double({ min: -10, max: 100, noNaN: true }) },
  { weight: 1, arbitrary: fc.double() }, // JSON.stringify sends NaN and ±∞ as null
  {
    weight: 2,
    arbitrary: fc.constantFrom(-1, -0.01, 0, 1e308, -1e308, 1.23456789, 2 ** 53 + 1, INFINITY, MINUS_INFINITY),
  },
);
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("1", "true", "", "\u0000"),
  fc.integer(),
  fc.constant([]),
  fc.constant({}),
);

function valueFor(type: GraphQLInputType, depth = 0, nullable = true): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return mostly(valueFor(type.ofType, depth, false), wrongType);
  const named = getNamedType(type);
  const optional = (value: fc.Arbitrary<unknown>) => (nullable ? mostly(value, fc.constant(null), 8) : value);
  if (isListType(type)) return optional(fc.array(valueFor(type.ofType, depth + 1), { maxLength: 3 }));
  if (isEnumType(named))
    return optional(mostly(fc.constantFrom(...named.getValues().map((v) => v.name)), hostileText()));
  if (isScalarType(named)) {
    switch (named.name) {
      case "Int":
        return optional(mostly(hostileInteger, wrongType));
      case "Float":
        return optional(mostly(hostileNumber, wrongType));
      case "Boolean":
        return optional(mostly(fc.boolean(), wrongType));
      case "ID":
        return optional(mostly(fc.constantFrom(...ids), hostileText(), 6));
      default:
        return optional(mostly(hostileText(), wrongType));
    }
  }
  if (isInputObjectType(named) && depth < 3) {
    const fields = Object.values(named.getFields());
    return optional(
      fc.record(Object.fromEntries(fields.map((f) => [f.name, valueFor(f.type, depth + 1)])), {
        requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name),
      }),
    );
  }
  return fc.constant(null);
}

function argumentsFor(args: readonly GraphQLArgument[]) {
  return fc.record(Object.fromEntries(args.map((a) => [a.name, valueFor(a.type)])));
}

function operationText(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>) {
  const variables = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
  const passed = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const result = getNamedType(field.type);
  const domainError =
    isUnionType(result) && result.getTypes().some((t) => t.name === "DomainError")
      ? "... on DomainError { code message }"
      : "";
  const selection = isLeafType(result) ? "" : `{ __typename ${domainError} }`;
  return `${kind} (${variables}) { ${field.name}(${passed}) ${selection} }`;
}

const rootFields = (kind: "query" | "mutation") =>
  Object.values((kind === "query" ? schema.getQueryType() : schema.getMutationType())?.getFields() ?? {})
    .filter((field) => field.args.length > 0)
    .map((field) => [field.name, kind, field] as const);

function rawJson(value: unknown) {
  return JSON.stringify(value).replaceAll(`"${INFINITY}"`, "1e999").replaceAll(`"${MINUS_INFINITY}"`, "-1e999");
}

/** A URL cannot carry a lone surrogate: the client sends U+FFFD in its place, as a browser would. */
const urlPart = (value: unknown) =>
  encodeURIComponent(
    String(value).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );

/** fast-check's report and the failure itself, with runs of one character (the 1 MB texts) cut short. */
function reporter<T>(details: fc.RunDetails<T>) {
  if (!details.failed) return;
  const failure =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `${fc.defaultReportMessage(details)}\nFailure: ${failure}`.replace(
      /(.)\1{40,}/gs,
      (run, char: string) => `${char}…(${run.length} times)`,
    ),
  );
}

/**
 * One request on a connection of its own. fetch reuses kept-alive sockets, and a socket the server
 * closes (its 5 s keep-alive timeout, or `Connection: close` after a refused oversize body) while
 * the next request is being sent fails that request with 'fetch failed': the client's race, not the
 * server's answer.
 *
 * The Content-Length is set by hand: node:http sends a DELETE's body without one (nor chunked), so
 * the server rightly reads the body as a second, malformed request, answers 400 and resets the
 * connection, and a long body then fails the client with ECONNRESET.
 */
function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const framing = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const outgoing = request(url, { method, headers: { ...headers, ...framing }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
      );
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

type GraphqlAnswer = { data?: Json | null; errors?: { message: string; extensions?: { code?: string } }[] };

/** A refusal: top-level errors, a DomainError result, or a non-2xx status. */
function refused(status: number, body: GraphqlAnswer | null) {
  if (status >= 300 || !body?.data) return true;
  if (body.errors?.length) return true;
  return Object.values(body.data).some((value) => (value as Json | null)?.__typename === "DomainError");
}

describe("issue #12: a fast-check fuzz of every GraphQL input: no 500, and a refusal writes nothing", () => {
  it.each([...rootFields("query"), ...rootFields("mutation")])(
    "%s (%s)",
    async (_name, kind, field) => {
      const query = operationText(kind, field);
      await fc.assert(
        fc.asyncProperty(accounts, argumentsFor(field.args), async (callers, variables) => {
          for (const account of callers) {
            await expectNothingWrittenIfRefused(async () => {
              const response = await send(
                "POST",
                `${server.baseUrl}/graphql`,
                headersFor(account),
                rawJson({ query, variables }),
              );
              const { text } = response;
              expect(response.status, text.slice(0, 500)).toBeLessThan(500);
              const body = text.startsWith("{") ? (JSON.parse(text) as GraphqlAnswer) : null;
              for (const error of body?.errors ?? []) {
                expect(error.message, JSON.stringify(error)).not.toBe("Unexpected error.");
                expect(error.extensions?.code, JSON.stringify(error)).not.toBe("INTERNAL_SERVER_ERROR");
              }
              return refused(response.status, body);
            });
          }
        }),
        { numRuns: RUNS, reporter },
      );
    },
    60_000,
  );

  it("a NaN or ∞ written into the JSON text itself is refused as unreadable JSON, not a 500", async () => {
    for (const literal of ["NaN", "Infinity", "-Infinity"]) {
      const response = await fetch(`${server.baseUrl}/graphql`, {
        method: "POST",
        headers: headersFor("admin"),
        body: `{"query":"mutation($input: CostCenterInput!) { createCostCenter(input: $input) { __typename } }","variables":{"input":{"code":${literal},"name":"Fuzz"}}}`,
      });
      expect(response.status).toBe(400);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// REST: every route of the /api app, with hostile path parameters, query strings and bodies whose
// keys are the names the calls read (spec §7, the GraphQL inputs) and whose values are hostile.

// Only the route table is read: the handlers never run on this instance.
const restRoutes = createRestApi({ config: loadConfig({}) } as RestDeps)
  .routes.filter((route) => route.method !== "ALL" && route.path !== "/api/*")
  .map((route) => [route.method, route.path] as const)
  .filter(([method, path], index, all) => all.findIndex(([m, p]) => m === method && p === path) === index);

/** Body fields of spec §7 calls that no GraphQL input has under the same name; all of them ids. */
const REST_ID_FIELDS = ["staffingId", "unitId", "planId", "roleId", "unitRoleId", "staffPositionId", "toStaffId"];
const inputFieldNames = [
  ...new Set(
    Object.values(schema.getTypeMap())
      .filter(isInputObjectType)
      .flatMap((type) => Object.keys(type.getFields())),
  ),
];
/**
 * The REST calls whose body is a GraphQL input under its spec §7 names: the fuzz sends that shape
 * (hostile contents), so it reaches the rules behind the first missing field. Other calls get
 * objects of every known field name.
 */
const REST_BODY_SHAPES: Record<string, string> = {
  "POST /api/user": "AddUserOutsideInput",
  "POST /api/user/facility": "AddUserOutsideInput",
  "PUT /api/user/:id/profile": "ProfileInput",
  "PUT /api/user/:id": "UpdateUserAccessInput",
  "POST /api/contact-us": "ContactMessageInput",
  "PUT /api/admin/tasks": "AdminTaskInput",
  "POST /api/organizational-unit": "CostCenterInput",
  "POST /api/organizational-unit/cost-center": "CostCenterInput",
  "PATCH /api/organizational-unit/cost-center/:id": "CostCenterInput",
  "POST /api/organizational-unit/system-relations": "SystemRelationshipsInput",
  "PATCH /api/organizational-unit/facility/:id": "FinancialInformationInput",
  "POST /api/upload/credentials": "UploadSlotInput",
  "POST /api/role": "UnitRoleInput",
  "PUT /api/role/:id": "UnitRoleInput",
  "POST /api/staffing": "UnitDefinitionInput",
  "POST /api/staffing/model": "UnitDefinitionInput",
  "POST /api/staff-position": "StaffPositionInput",
  "PATCH /api/staff-position": "SplitStaffPositionInput",
  "POST /api/staff-position/transfer": "TransferStaffPositionInput",
  "POST /api/staff-position/open": "OpenPositionInput",
  "POST /api/staff-position/updateOpen": "OpenPositionInput",
  "POST /api/shift": "RoleShiftInput",
};

const restValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    hostileText(),
    hostileNumber,
    wrongType,
    fc.constantFrom(...ids),
    fc.array(fc.constantFrom(...ids), { maxLength: 3 }),
  );
const anyFields = () => fc.dictionary(fc.constantFrom(...inputFieldNames), restValue(), { maxKeys: 10 });
/** The ids a REST body names its plan and cost center by: mostly real ones. */
const idFields = () =>
  fc.dictionary(fc.constantFrom(...REST_ID_FIELDS), mostly(fc.constantFrom(...ids), hostileText(), 6));
/** The call's own shape where it has one, else any known fields; its ids; an array of objects; or any JSON. */
function restBody(route: string) {
  const shape = schema.getType(REST_BODY_SHAPES[route] ?? "");
  const fields = shape && isInputObjectType(shape) ? valueFor(shape, 0, false) : anyFields();
  const object = fc.tuple(fields, idFields()).map(([body, idsIn]) => ({ ...idsIn, ...(body as Json) }));
  return fc.oneof(
    { weight: 8, arbitrary: object },
    { weight: 1, arbitrary: fc.array(object, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue() },
  );
}

describe("issue #12: a fast-check fuzz of every REST call: no 500, and a refusal writes nothing", () => {
  it("finds the REST routes to fuzz", () => {
    const names = restRoutes.map(([method, path]) => `${method} ${path}`);
    expect(names).toEqual(
      expect.arrayContaining(["POST /api/staff-position/open", "PUT /api/user/:id", "PATCH /api/job/category"]),
    );
  });

  it.each(restRoutes)(
    "%s %s",
    async (method, path) => {
      const hostileId = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, hostileText("url"));
      await fc.assert(
        fc.asyncProperty(
          accounts,
          fc.array(hostileId, { minLength: 4, maxLength: 4 }),
          restBody(`${method} ${path}`),
          fc.string({ unit: "binary", maxLength: 12 }),
          async (callers, params, body, search) => {
            let n = 0;
            const url = path.replace(/:[A-Za-z]+/g, () => urlPart(params[n++ % params.length]));
            for (const account of callers) {
              await expectNothingWrittenIfRefused(async () => {
                const response = await send(
                  method,
                  `${server.baseUrl}${url}?searchTerm=${urlPart(search)}&facilityId=${urlPart(params[0])}&unitId=${urlPart(params[1])}&staffingId=${urlPart(params[2])}`,
                  headersFor(account),
                  method === "GET" || method === "HEAD" ? undefined : rawJson(body),
                );
                const { text } = response;
                expect(response.status, `${method} ${url}: ${text.slice(0, 500)}`).toBeLessThan(500);
                return response.status >= 300;
              });
            }
          },
        ),
        { numRuns: RUNS, reporter },
      );
    },
    60_000,
  );
});
