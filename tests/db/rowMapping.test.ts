// Issue #16: drizzle-orm is patched (patches/drizzle-orm+0.45.4.patch) to work out each selected
// field's decoder once per query instead of for every cell; reading the 300-staff wizard spent ~0.9 ms
// a read on those checks. What a row maps to must not change: nested selections, a left join with no
// match read as null, columns and SQL fields decoded, on both databases.
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facilities, organizations } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../support/database";

describe("rows read through drizzle", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("map nested selections, left joins without a match, numeric columns and SQL fields", async () => {
    const { db } = database;
    const [withFacility, alone] = await db
      .insert(organizations)
      .values([{ name: "Row mapping: with a facility" }, { name: "Row mapping: alone" }])
      .returning();
    await db.insert(facilities).values({
      organizationId: withFacility?.id as string,
      name: "Mapped General",
      annualHoursPerFte: 1950.5,
    });

    const rows = await db
      .select({
        organization: { id: organizations.id, name: organizations.name },
        facility: facilities,
        nameLength: sql<number>`length(${organizations.name})`.mapWith(Number),
        hoursText: sql<string>`${facilities.annualHoursPerFte}::text`,
      })
      .from(organizations)
      .leftJoin(facilities, eq(facilities.organizationId, organizations.id))
      .where(sql`${organizations.name} like 'Row mapping:%'`)
      .orderBy(asc(organizations.name));

    // "Row mapping: alone" (13 + 5 = 18 characters) sorts before "Row mapping: with a facility" (13 + 15 = 28).
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      organization: { id: alone?.id, name: "Row mapping: alone" },
      facility: null,
      nameLength: 18,
      hoursText: null,
    });
    expect(rows[1]).toMatchObject({
      organization: { id: withFacility?.id, name: "Row mapping: with a facility" },
      facility: { name: "Mapped General", annualHoursPerFte: 1950.5, averageHourlyRate: null, timeZone: "US/Eastern" },
      nameLength: 28,
      hoursText: "1950.50",
    });
    expect(rows[1]?.facility?.createdAt).toBeInstanceOf(Date);

    // The same query run again maps the same way (the decoders are kept per query).
    const again = await db
      .select({ organization: { name: organizations.name }, facility: { name: facilities.name } })
      .from(organizations)
      .leftJoin(facilities, eq(facilities.organizationId, organizations.id))
      .where(sql`${organizations.name} like 'Row mapping:%'`)
      .orderBy(asc(organizations.name));
    expect(again).toEqual([
      { organization: { name: "Row mapping: alone" }, facility: null },
      { organization: { name: "Row mapping: with a facility" }, facility: { name: "Mapped General" } },
    ]);
  });
});
