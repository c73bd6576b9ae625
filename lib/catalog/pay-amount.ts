// The one amount every pay statistic counts: a job's advertised range, annualised, at its
// midpoint (salary_year_min and salary_year_max are both set when either is advertised).

/** That amount as SQL over a jobs row, optionally qualified by a table alias. */
export function payAmountSql(alias?: string): string {
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  return `((${col("salary_year_min")}::bigint + ${col("salary_year_max")}::bigint) / 2)`;
}
