// A catalog for keyword search: every operator has jobs on both sides of it, and the words sit
// in titles, company names and descriptions, with accents, plurals and other languages.
import type { Rec } from "./fixtures";

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const k = (
  id: string,
  title: string,
  company: string,
  days: number,
  description: string,
  extra: Rec = {},
): Rec => ({
  id,
  title,
  company,
  country: "DE",
  posted_at: ago(days),
  description,
  employment_type: "full_time",
  ...extra,
});

export const KEYWORD_JOBS: Rec[] = [
  k("k-1", "Python Developer", "Acme GmbH", 5, "You will build data pipelines with Django and Spark."),
  k(
    "k-2",
    "Backend Engineer",
    "Globex",
    1,
    "Our stack is Python, Django and PostgreSQL. Kubernetes experience helps.",
  ),
  k("k-3", "Data Engineer", "Initech", 2, "Spark and Airflow every day; some Python scripting."),
  k("k-4", "Senior Data Engineer", "Acme GmbH", 3, "Lead the data engineer guild. Spark, Kafka."),
  k(
    "k-5",
    "Registered Nurse",
    "St. Mary Hospital",
    4,
    "Care for patients on the ward; triage and wound care.",
  ),
  k("k-6", "Nurses' Aide", "City Clinic", 6, "Help the nursing team with patients."),
  k("k-7", "Frontend Developer", "Hooli", 7, "React and JavaScript; some TypeScript."),
  k("k-8", "Platform Engineer", "Hooli", 8, "We run everything on kubernetes clusters with Terraform."),
  k(
    "k-9",
    "Entwickler Backend",
    "Müller AG",
    9,
    "Wir suchen Verstärkung für unser Team in München. Python und Kubernetes.",
  ),
  k(
    "k-10",
    "Ingénieur Données",
    "Société Générale Tech",
    10,
    "Vous développerez des pipelines de données avec Spark.",
  ),
  k(
    "k-11",
    "Software Engineer",
    "Umbrella",
    11,
    "Engineer, data: not a data engineer role. Java and Kotlin.",
  ),
  k("k-12", "Machine Learning Engineer", "Acme GmbH", 12, "Train models in PyTorch; python every day."),
];

/** Jobs (ids) each query must find, whatever the order; checked against the catalog above. */
export const KEYWORD_CASES: [q: string, ids: string[]][] = [
  ["python", ["k-1", "k-2", "k-3", "k-9", "k-12"]],
  ["PYTHON django", ["k-1", "k-2"]],
  ["python -django", ["k-3", "k-9", "k-12"]],
  ['"data engineer"', ["k-3", "k-4", "k-11"]],
  ['"data engineer" -senior', ["k-3", "k-11"]],
  ['spark -"data engineer"', ["k-1", "k-10"]],
  ["kafka OR airflow", ["k-3", "k-4"]],
  ["spark kafka OR airflow", ["k-3", "k-4"]],
  // Plurals and other forms: "nurses", "nursing" and "nurse" share a stem.
  ["nurse", ["k-5", "k-6"]],
  ["engineers", ["k-2", "k-3", "k-4", "k-8", "k-11", "k-12"]],
  // Accents and case do not matter, in both directions.
  ["muller", ["k-9"]],
  ["MÜNCHEN", ["k-9"]],
  ["societe", ["k-10"]],
  ["donnees", ["k-10"]],
  // Company names are searched too.
  ["hooli", ["k-7", "k-8"]],
  ["acme spark", ["k-1", "k-4"]],
  // Synonyms: k8s also finds kubernetes, js also javascript.
  ["k8s", ["k-2", "k-8", "k-9"]],
  ["js", ["k-7"]],
];
