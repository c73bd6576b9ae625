// Occupations of the demo catalog, each with a pay factor against the country's typical salary.
export type Field = "tech" | "business" | "health" | "trade" | "service" | "engineering";
export type Occupation = { title: string; field: Field; pay: number; hourly?: boolean };

const o = (title: string, field: Field, pay: number, hourly = false): Occupation => ({ title, field, pay, hourly });

export const OCCUPATIONS: Occupation[] = [
  o("Software Engineer", "tech", 1.5), o("Backend Engineer", "tech", 1.5), o("Frontend Developer", "tech", 1.35),
  o("Full Stack Developer", "tech", 1.4), o("Data Scientist", "tech", 1.55), o("Data Engineer", "tech", 1.5),
  o("Data Analyst", "tech", 1.1), o("Machine Learning Engineer", "tech", 1.7), o("DevOps Engineer", "tech", 1.5),
  o("Site Reliability Engineer", "tech", 1.6), o("Cloud Architect", "tech", 1.8), o("Security Engineer", "tech", 1.6),
  o("QA Engineer", "tech", 1.15), o("iOS Developer", "tech", 1.4), o("Android Developer", "tech", 1.4),
  o("Embedded Software Engineer", "tech", 1.45), o("Game Developer", "tech", 1.2), o("Solutions Architect", "tech", 1.7),
  o("Technical Writer", "tech", 1.05), o("IT Support Specialist", "tech", 0.85), o("Database Administrator", "tech", 1.35),
  o("Product Manager", "business", 1.6), o("Product Designer", "business", 1.3), o("UX Researcher", "business", 1.25),
  o("Project Manager", "business", 1.3), o("Scrum Master", "business", 1.25), o("Business Analyst", "business", 1.15),
  o("Account Executive", "business", 1.2), o("Sales Development Representative", "business", 0.85),
  o("Customer Success Manager", "business", 1.0), o("Customer Support Specialist", "service", 0.75, true),
  o("Marketing Manager", "business", 1.2), o("Content Writer", "business", 0.85), o("SEO Specialist", "business", 0.95),
  o("Graphic Designer", "business", 0.9), o("Financial Analyst", "business", 1.2), o("Accountant", "business", 1.0),
  o("Financial Controller", "business", 1.4), o("HR Generalist", "business", 0.95), o("Recruiter", "business", 0.95),
  o("Office Manager", "business", 0.8), o("Operations Manager", "business", 1.2), o("Supply Chain Analyst", "business", 1.05),
  o("Logistics Coordinator", "service", 0.85), o("Warehouse Associate", "service", 0.6, true),
  o("Mechanical Engineer", "engineering", 1.25), o("Electrical Engineer", "engineering", 1.3), o("Civil Engineer", "engineering", 1.2),
  o("Chemical Engineer", "engineering", 1.3), o("Research Scientist", "engineering", 1.4), o("Architect", "engineering", 1.15),
  o("Registered Nurse", "health", 1.0, true), o("Pharmacist", "health", 1.35), o("Physiotherapist", "health", 0.95),
  o("Medical Assistant", "health", 0.7, true), o("Teacher", "service", 0.9), o("Lawyer", "business", 1.6),
  o("Paralegal", "business", 0.8), o("Electrician", "trade", 0.9, true), o("Plumber", "trade", 0.85, true),
  o("Chef", "service", 0.75, true), o("Barista", "service", 0.5, true), o("Retail Store Manager", "service", 0.9),
  o("Truck Driver", "trade", 0.8, true), o("Welder", "trade", 0.8, true),
];

export const SENIORITIES = [
  { label: "Intern", pay: 0.4, weight: 3 },
  { label: "Junior", pay: 0.75, weight: 14 },
  { label: "", pay: 1.0, weight: 40 },
  { label: "Senior", pay: 1.3, weight: 28 },
  { label: "Lead", pay: 1.45, weight: 8 },
  { label: "Principal", pay: 1.75, weight: 4 },
  { label: "Head of", pay: 1.9, weight: 3 },
];

export const DUTIES: Record<Field, string[]> = {
  tech: ["design and ship features end to end", "review code and mentor colleagues", "keep our services fast and reliable", "work with product on what to build next", "improve our test and release tooling", "own systems in production, including on-call"],
  business: ["own a portfolio of key accounts", "turn data into decisions the team can act on", "plan and run quarterly initiatives", "work closely with sales, product and finance", "report progress to the leadership team", "improve the processes you touch"],
  health: ["care for patients with empathy and skill", "work within a multidisciplinary team", "keep accurate clinical records", "take part in a rotating schedule", "support colleagues in training"],
  trade: ["carry out installations and repairs on site", "follow safety rules without exception", "plan your daily route and materials", "keep tools and vehicles in good order", "explain work clearly to customers"],
  service: ["welcome and help customers every day", "keep the workplace clean and organised", "work shifts, including some weekends", "handle stock, orders and deliveries", "train new team members"],
  engineering: ["develop designs from concept to production", "run calculations, simulations and tests", "work with suppliers and manufacturing", "document designs to industry standards", "lead technical reviews"],
};

/** Team or technology qualifiers, as real titles carry them ("Backend Engineer, Payments"). */
export const SPECIALTIES: Record<Field, string[]> = {
  tech: ["Payments", "Platform", "Infrastructure", "Growth", "Search", "Mobile", "Identity", "Data Platform", "Checkout", "Observability", "Go", "Java", "Python", "TypeScript", "Rust", "Kotlin", "React", "Kubernetes", "AWS", "Security", "Machine Learning", "Billing", "Core Banking", "Ads", "Maps"],
  business: ["EMEA", "DACH", "North America", "APAC", "Enterprise", "SMB", "Partnerships", "Retail", "B2B SaaS", "Public Sector", "Healthcare", "Fintech", "E-commerce", "Brand", "Performance Marketing"],
  health: ["ICU", "Emergency", "Paediatrics", "Oncology", "Night Shift", "Outpatient", "Surgery", "Geriatrics", "Community Care", "Rehabilitation"],
  trade: ["Night Shift", "Commercial", "Residential", "Industrial", "Maintenance", "HGV Class 1", "Solar", "HVAC", "Fleet", "Construction Site"],
  service: ["Weekends", "Flagship Store", "Airport", "Hotel", "Seasonal", "Events", "Catering", "Night Shift", "Distribution Centre", "Pop-up"],
  engineering: ["Automotive", "Aerospace", "Renewables", "Rail", "Medical Devices", "Semiconductors", "Water", "Structural", "HVAC", "Process Safety"],
};

export const REQUIREMENTS = [
  "a few years of relevant experience", "a degree or equivalent practical experience", "clear written and spoken English",
  "a habit of taking ownership", "experience working in a distributed team", "a calm approach under pressure",
  "attention to detail", "curiosity and a willingness to learn",
];

export const BENEFITS = [
  "We offer flexible hours, a learning budget and generous parental leave.",
  "You get 28 days of paid holiday, a pension plan and health insurance.",
  "Hybrid work: two days a week in the office, the rest where you like.",
  "We pay for your public transport and offer a yearly wellbeing allowance.",
  "Expect a friendly team, modern equipment and room to grow.",
];

export const COMPANY_ROOTS = "Acme Blue North Bright Nova Quantum Green Silver Iron Pixel Cloud Data Swift True Open Red Polar Summit Harbor River Stone Oak Maple Cedar Atlas Vertex Orbit Lumen Echo Fusion Aurora Beacon Cobalt Delta Ember Falcon Granite Helix Indigo Juniper".split(" ");
export const COMPANY_STEMS = "works labs soft systems logic ware tech bridge point line wave forge path field scale stack mind base grid craft".split(" ");
export const COMPANY_SECTORS = ["", "", "", "Health", "Logistics", "Analytics", "Retail", "Energy", "Finance", "Foods", "Mobility", "Media", "Robotics", "Insurance", "Travel"];
