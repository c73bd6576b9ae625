// Request and response schemas of the salary endpoints: used for validation and the API reference.
import { z } from "zod";
import { toAlpha2 } from "./countries";
import { countInt, ResetLocalSchema, salaryAmount } from "./job-schemas";
import { ADVERTISED_MAX_POINTS, SALARY_HISTORY_MAX_POINTS } from "./limits";
import { COUNTRY_MAX_LENGTH, TitleSchema, ZoneSchema } from "./schemas";

export const SalaryQuerySchema = z.object({
  country: z
    .string()
    .max(COUNTRY_MAX_LENGTH, `must be at most ${COUNTRY_MAX_LENGTH} characters`)
    .refine((c) => toAlpha2(c) !== null, "must be an ISO 3166-1 alpha-2 or alpha-3 country code")
    .optional()
    .describe("ISO 3166-1 alpha-2/alpha-3 country code (preferred)"),
  title: TitleSchema.optional().describe("A location name (country or city), used when country is absent"),
  tz: ZoneSchema.optional(),
});

const CountryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .length(2);
const CurrencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .length(3);
const PeriodSchema = z.enum(["year", "month", "hour"]);

/** The distribution at one date: each percentile only when the source gave it, never invented. */
const PayPointShape = {
  median: salaryAmount(),
  p10: salaryAmount().optional().describe("10th percentile; absent when the source gives none"),
  p25: salaryAmount()
    .optional()
    .describe("25th percentile (lower quartile); absent when the source gives none"),
  p75: salaryAmount()
    .optional()
    .describe("75th percentile (upper quartile); absent when the source gives none"),
  p90: salaryAmount().optional().describe("90th percentile; absent when the source gives none"),
  currency: CurrencySchema,
  period: PeriodSchema,
  sample_size: countInt(),
  as_of: z.iso.date().max(10),
};

const LocationShape = {
  matched_on: z.enum(["country", "title_as_location"]),
  level: z.enum(["country", "city"]),
  location: z.string().max(200),
  country: CountryCodeSchema,
};

export const SalaryResponseSchema = z.object({
  ...LocationShape,
  ...PayPointShape,
  reset_local: ResetLocalSchema.optional(),
});

export const SalaryPointSchema = z.object(PayPointShape);

export const AdvertisedPointSchema = z.object({
  as_of: z.iso.date().max(10).describe("The snapshot's newest posting"),
  currency: CurrencySchema,
  period: z.literal("year"),
  jobs: countInt().describe("Salaried jobs of the country in this currency"),
  p10: salaryAmount(),
  p25: salaryAmount(),
  p50: salaryAmount(),
  p75: salaryAmount(),
  p90: salaryAmount(),
});

export const SalaryHistoryResponseSchema = z.object({
  ...LocationShape,
  points: z
    .array(SalaryPointSchema)
    .max(SALARY_HISTORY_MAX_POINTS)
    .describe("One point per snapshot date, oldest first"),
  advertised: z
    .array(AdvertisedPointSchema)
    .max(ADVERTISED_MAX_POINTS)
    .optional()
    .describe(
      "For a country: what the catalog's own jobs advertised at each snapshot, per currency with at least 20 salaried jobs (annualised, midpoint of each range), oldest first",
    ),
  reset_local: ResetLocalSchema.optional(),
});

export type SalaryResponse = z.infer<typeof SalaryResponseSchema>;
export type SalaryPoint = z.infer<typeof SalaryPointSchema>;
export type SalaryHistoryResponse = z.infer<typeof SalaryHistoryResponseSchema>;
export type AdvertisedPoint = z.infer<typeof AdvertisedPointSchema>;
