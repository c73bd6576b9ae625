// What each occupation's ads ask for, most asked first (descriptions pick them Zipf-like): skills
// (English phrases), tools (names that read the same in every language) and certifications.
import type { Field } from "./occupations";

const list = (s: string) => s.split("|");

/** Skills (activities, knowledge) and tools (names) shared by a group of occupations. */
const GROUPS: { who: string; skills: string; tools: string }[] = [
  {
    who: "Software Engineer|Backend Engineer|Frontend Developer|Full Stack Developer|iOS Developer|Android Developer|Embedded Software Engineer|Game Developer|QA Engineer",
    skills:
      "software design|code review|testing|debugging|API design|distributed systems|performance tuning|system design|continuous integration|automated testing|refactoring|microservices|event-driven architecture|caching strategies|accessibility|responsive design|domain-driven design|test-driven development|schema migrations|feature flags|pair programming|concurrency|memory profiling|static analysis|dependency management|release engineering|mobile performance|offline-first design|internationalisation|design systems|state management|graph algorithms|compiler internals|embedded firmware|real-time systems|hardware bring-up|shader programming|physics simulation|load testing",
    tools:
      "Python|TypeScript|Java|Go|SQL|React|Docker|PostgreSQL|Node.js|Linux|Git|Kotlin|Rust|C++|GitHub Actions|Kafka|Redis|Swift|GraphQL|Next.js|Vue|Angular|Django|FastAPI|Spring Boot|Rails|gRPC|Sentry|Playwright|Cypress|Jest|Vitest|Webpack|Vite|Figma|Jira|Unity|Unreal Engine|Zephyr|FreeRTOS|Yocto|Bazel|Nix|Flutter|SwiftUI|Jetpack Compose|Xcode|Android Studio|Kubernetes|AWS",
  },
  {
    who: "Data Scientist|Data Engineer|Data Analyst|Machine Learning Engineer|Research Scientist",
    skills:
      "data modelling|data pipelines|stream processing|feature engineering|statistical modelling|experiment design|A/B testing|model evaluation|prompt engineering|vector search|query optimisation|data quality|causal inference|time series forecasting|data visualisation",
    tools:
      "Python|SQL|Spark|Airflow|dbt|Snowflake|pandas|PyTorch|TensorFlow|scikit-learn|Jupyter|Tableau|Looker|Power BI|BigQuery|Databricks|ClickHouse|Kafka|R|MLflow",
  },
  {
    who: "DevOps Engineer|Site Reliability Engineer|Cloud Architect|Security Engineer|Database Administrator|IT Support Specialist|Solutions Architect",
    skills:
      "incident response|observability|security best practices|capacity planning|threat modelling|cost optimisation|disaster recovery|identity management|network security|penetration testing|vulnerability management|secure coding|chaos engineering|infrastructure as code|backup and restore|access reviews|patch management",
    tools:
      "Kubernetes|AWS|Terraform|Linux|Docker|Google Cloud|Azure|Prometheus|Grafana|Elasticsearch|Ansible|Helm|Argo CD|Jenkins|PostgreSQL|MongoDB|Cassandra|RabbitMQ|OpenTelemetry|Datadog|Pulumi|Vault|Istio|Envoy|Nginx|Splunk|Wireshark|Burp Suite|Okta",
  },
  {
    who: "Technical Writer|Content Writer|SEO Specialist|Marketing Manager|Graphic Designer",
    skills:
      "copywriting|content strategy|keyword research|link building|campaign management|brand strategy|social media|email marketing|technical documentation|editing|storytelling|information architecture|market research|competitive analysis",
    tools:
      "Google Analytics|Semrush|Ahrefs|Google Ads|Meta Ads|Adobe Illustrator|Adobe Photoshop|InDesign|Canva|WordPress|Webflow|Mailchimp|Marketo|HubSpot|Confluence|Markdown|Figma",
  },
  {
    who: "Product Manager|Product Designer|UX Researcher|Project Manager|Scrum Master|Business Analyst|Operations Manager",
    skills:
      "stakeholder management|project planning|roadmapping|prioritisation|agile delivery|risk management|change management|requirements gathering|process mapping|user interviews|usability testing|wireframing|prototyping|facilitation|public speaking|budgeting|vendor management",
    tools:
      "Jira|Notion|Figma|Miro|Asana|Slack|Confluence|Trello|Monday.com|Excel|Dovetail|Maze|UserTesting|Hotjar|Amplitude|Mixpanel|Qualtrics",
  },
  {
    who: "Account Executive|Sales Development Representative|Customer Success Manager|Customer Support Specialist",
    skills:
      "account management|pipeline management|lead generation|cold outreach|discovery calls|negotiation|customer onboarding|churn analysis|renewals|upselling|forecasting|complaint handling|de-escalation|live chat|phone support|knowledge base writing",
    tools:
      "Salesforce|HubSpot|Outreach|Gong|Gainsight|Zendesk|Intercom|Freshdesk|Slack|LinkedIn Sales Navigator|Excel",
  },
  {
    who: "Financial Analyst|Accountant|Financial Controller|Supply Chain Analyst",
    skills:
      "financial modelling|forecasting|budgeting|month-end close|reconciliations|accounts payable|accounts receivable|payroll|statutory reporting|audit preparation|tax compliance|variance analysis|procurement|inventory planning|demand planning",
    tools: "Excel|SAP|Oracle|NetSuite|Xero|QuickBooks|Anaplan|Dynamics 365|Coupa|Power BI|Tableau",
  },
  {
    who: "HR Generalist|Recruiter|Office Manager",
    skills:
      "employee relations|talent acquisition|sourcing|interviewing|onboarding|performance reviews|compensation benchmarking|payroll|vendor management|event planning|employer branding",
    tools: "Workday|BambooHR|Greenhouse|LinkedIn Recruiter|Google Workspace|Slack|Notion|DocuSign|Excel",
  },
  {
    who: "Lawyer|Paralegal",
    skills:
      "legal research|contract drafting|contract negotiation|due diligence|litigation support|document review|regulatory compliance|case management|e-discovery|legal writing",
    tools: "Clio|LexisNexis|Westlaw|DocuSign|iManage|Relativity",
  },
  {
    who: "Registered Nurse|Medical Assistant",
    skills:
      "patient assessment|triage|wound care|medication administration|infection control|care planning|vital signs monitoring|IV therapy|phlebotomy|catheter care|palliative care|patient education|discharge planning|clinical documentation|pain management|falls prevention|safeguarding|manual handling|basic life support|advanced life support|dementia care|post-operative care|diabetes management|respiratory care|tracheostomy care|appointment scheduling|medical coding|specimen collection|ECG recording|sterilisation|telephone triage|end-of-life care|tissue viability|continence care|nutrition screening|mental health first aid",
    tools:
      "Epic|Cerner|EMIS|SystmOne|Meditech|Allscripts|athenahealth|Omnicell|Pyxis|Alaris pumps|Dräger monitors|Philips IntelliVue|Datix|RiO|Medisoft|Kareo",
  },
  {
    who: "Pharmacist",
    skills:
      "medication reconciliation|dispensing|prescription screening|drug interaction checks|compounding|vaccination|medicines management|clinical audit|patient counselling|controlled drugs management",
    tools: "Rx30|PioneerRx|ScriptPro|EMIS|Omnicell|Pyxis|Epic",
  },
  {
    who: "Physiotherapist",
    skills:
      "musculoskeletal assessment|exercise prescription|gait analysis|manual therapy|electrotherapy|hydrotherapy|sports rehabilitation|neurological rehabilitation|cardiac rehabilitation|falls prevention|clinical documentation|mentoring students",
    tools: "Physitrack|Cliniko|TheraOffice|SystmOne",
  },
  {
    who: "Electrician|Plumber",
    skills:
      "electrical installation|fault finding|circuit testing|cable pulling|conduit bending|panel upgrades|lighting installation|EV charger installation|solar PV installation|pipe fitting|drain clearing|boiler servicing|leak detection|bathroom installation|soldering|pressure testing|job costing|materials ordering|preventive maintenance|commissioning|snagging|working at height|lockout tagout|risk assessments",
    tools:
      "Fluke meters|Megger testers|Milwaukee tools|Makita tools|Hilti tools|Bosch tools|DeWalt tools|Rothenberger|Ridgid|Worcester Bosch|Vaillant|Tesla Wall Connector|SolarEdge|Enphase|ServiceTitan|Jobber|simPRO|Tradify",
  },
  {
    who: "Welder",
    skills:
      "MIG welding|TIG welding|stick welding|flux-cored welding|oxy-fuel cutting|plasma cutting|blueprint reading|weld inspection|metal fabrication|grinding|hazard identification|confined space entry|permit to work",
    tools: "Lincoln Electric|Miller welders|ESAB|Fronius|Hilti tools|Makita tools|DeWalt tools",
  },
  {
    who: "Truck Driver|Warehouse Associate|Logistics Coordinator",
    skills:
      "route planning|load securing|defensive driving|tachograph rules|vehicle checks|forklift operation|pallet handling|delivery scheduling|picking and packing|goods in|dispatch|returns handling|RF scanning|inventory counts|stock rotation|route optimisation|shipment tracking|customs paperwork|carrier management|hazard identification",
    tools:
      "Samsara|Geotab|Omnitracs|Scania|Volvo FH|Mercedes Actros|Toyota forklifts|Linde forklifts|SAP EWM|Manhattan WMS|Blue Yonder|Zebra scanners|Honeywell scanners|Flexport|Cargowise|Descartes",
  },
  {
    who: "Barista|Chef|Retail Store Manager",
    skills:
      "customer service|cash handling|point of sale|stock rotation|merchandising|visual merchandising|opening and closing|shift planning|food safety|allergen awareness|espresso extraction|latte art|milk steaming|grinder calibration|menu planning|knife skills|sauces|pastry|batch cooking|kitchen hygiene|portion control|ordering and receiving|stocktaking|team leadership|rota planning|sales targets|loss prevention|health and safety|upselling|event setup",
    tools:
      "Square|Toast|Lightspeed|Shopify POS|Clover|Oracle Micros|La Marzocco|Victoria Arduino|Mahlkönig|Rational ovens|Thermomix|Deputy|Planday|7shifts",
  },
  {
    who: "Teacher",
    skills:
      "lesson planning|classroom management|assessment|differentiation|safeguarding|parent communication|curriculum design|behaviour management|pastoral care|exam preparation",
    tools: "Google Classroom|Moodle|Canvas LMS|Seesaw|Microsoft Teams",
  },
  {
    who: "Mechanical Engineer|Electrical Engineer|Civil Engineer|Chemical Engineer|Architect",
    skills:
      "CAD modelling|technical drawings|tolerance analysis|finite element analysis|computational fluid dynamics|design for manufacture|root cause analysis|failure mode analysis|design verification|prototyping|test planning|requirements management|systems engineering|power electronics|circuit design|PCB layout|signal integrity|control systems|motor drives|high-voltage design|structural analysis|reinforced concrete design|steel design|geotechnical assessment|drainage design|site supervision|quantity surveying|process simulation|mass balances|heat transfer|reaction engineering|process safety|HAZOP studies|scale-up|building regulations|planning applications|sustainable design|BIM coordination|facade design|site surveys|cost estimation|value engineering|commissioning|field testing|reliability engineering|lean manufacturing",
    tools:
      "SolidWorks|AutoCAD|MATLAB|Simulink|ANSYS|CATIA|Creo|Siemens NX|Fusion 360|Revit|ArchiCAD|SketchUp|Rhino|Grasshopper|Navisworks|Civil 3D|ETABS|SAP2000|Tekla|Abaqus|COMSOL|Aspen Plus|Aspen HYSYS|LabVIEW|Altium Designer|KiCad|OrCAD|Cadence|SPICE|TIA Portal|Minitab|JMP|Primavera P6|MS Project|Bluebeam|STAAD.Pro",
  },
  {
    who: "Research Scientist",
    skills:
      "laboratory methods|experimental design|statistical analysis|technical writing|grant writing|peer review",
    tools: "MATLAB|Python|R|LabVIEW|Minitab|JMP",
  },
];

const union = (xs: string[]) => [...new Set(xs)];
/** An occupation's skills and tools, most asked first. */
export function skillsOf(title: string): { skills: string[]; tools: string[] } {
  const mine = GROUPS.filter((g) => g.who.split("|").includes(title));
  return {
    skills: union(mine.flatMap((g) => g.skills.split("|"))),
    tools: union(mine.flatMap((g) => g.tools.split("|"))),
  };
}

export const FIELD_CERTIFICATIONS: Record<Field, string[]> = {
  tech: list(
    "AWS Certified Solutions Architect|Certified Kubernetes Administrator|Google Professional Cloud Architect|Azure Solutions Architect Expert|HashiCorp Terraform Associate|CISSP|OSCP|CompTIA Security+|ISTQB Foundation|CompTIA A+|ITIL Foundation|Oracle Certified Professional|TensorFlow Developer Certificate|Certified ScrumMaster",
  ),
  business: list(
    "PMP|PRINCE2 Practitioner|Certified ScrumMaster|CFA Level II|ACCA|CIMA|CPA|SHRM-CP|CIPD Level 5|Google Ads certification|HubSpot Inbound certification|Lean Six Sigma Green Belt|APICS CSCP|CIPS Level 4|Professional Scrum Product Owner",
  ),
  health: list(
    "BLS certification|ACLS certification|PALS certification|NMC registration|HCPC registration|GPhC registration|CCRN|IV certification|Mentorship qualification|Moving and Handling certificate|Phlebotomy certificate|Immunisation training",
  ),
  trade: list(
    "18th Edition wiring regulations|ECS card|CSCS card|Gas Safe registration|NVQ Level 3|AWS D1.1 certification|EN ISO 9606 welder approval|CPC driver qualification|ADR certificate|HGV Class 1 licence|IPAF licence|PASMA certificate|forklift licence|first aid at work",
  ),
  service: list(
    "food hygiene level 2|food hygiene level 3|SCA Barista Skills|allergen awareness certificate|personal licence|first aid at work|forklift licence|teaching licence|QTS|PGCE|TEFL certificate|customs declaration training",
  ),
  engineering: list(
    "Chartered Engineer|Professional Engineer licence|SolidWorks CSWP|PMP|Six Sigma Green Belt|NEBOSH General Certificate|IOSH Managing Safely|LEED AP|BREEAM Assessor|RIBA Part 3|CompEx certification|TÜV functional safety engineer",
  ),
};

/** A few things each occupation's ads name first, before the field's common ones. */
export const CORE: Record<string, string> = {
  "Software Engineer": "clean code|Go|Java|TypeScript|unit testing|system design",
  "Backend Engineer": "REST APIs|PostgreSQL|Kafka|Go|Java|microservices",
  "Frontend Developer": "React|TypeScript|CSS|accessibility|Next.js|design systems",
  "Full Stack Developer": "React|Node.js|TypeScript|PostgreSQL|REST APIs|GraphQL",
  "Data Scientist": "Python|pandas|scikit-learn|statistics|A/B testing|SQL",
  "Data Engineer": "SQL|Spark|Airflow|dbt|Kafka|data warehousing",
  "Data Analyst": "SQL|Excel|Tableau|Looker|dashboards|statistics",
  "Machine Learning Engineer": "PyTorch|model serving|MLOps|feature stores|Python|GPU training",
  "DevOps Engineer": "Kubernetes|Terraform|CI/CD|AWS|Ansible|Linux",
  "Site Reliability Engineer": "SLOs|incident response|Kubernetes|Prometheus|on-call|capacity planning",
  "Cloud Architect": "AWS|Azure|landing zones|networking|Terraform|cost optimisation",
  "Security Engineer": "threat modelling|SIEM|penetration testing|IAM|cloud security|incident response",
  "QA Engineer": "test automation|Playwright|Cypress|regression testing|test plans|API testing",
  "iOS Developer": "Swift|SwiftUI|UIKit|Xcode|Core Data|App Store releases",
  "Android Developer": "Kotlin|Jetpack Compose|Android SDK|Gradle|Room|Play Store releases",
  "Embedded Software Engineer": "C|C++|RTOS|microcontrollers|device drivers|oscilloscopes",
  "Game Developer": "Unity|Unreal Engine|C#|C++|gameplay programming|shaders",
  "Solutions Architect": "pre-sales|solution design|AWS|integration patterns|customer workshops|APIs",
  "Technical Writer": "API documentation|docs-as-code|Markdown|style guides|OpenAPI|information architecture",
  "IT Support Specialist":
    "ticketing|Active Directory|Microsoft 365|hardware troubleshooting|networking basics|macOS",
  "Database Administrator": "PostgreSQL|Oracle|backups|replication|query tuning|high availability",
  "Product Manager": "roadmapping|discovery|prioritisation|user research|metrics|stakeholder management",
  "Product Designer": "Figma|interaction design|prototyping|design systems|user research|visual design",
  "UX Researcher": "user interviews|usability testing|survey design|synthesis|Dovetail|research ops",
  "Project Manager": "project planning|risk management|MS Project|budgeting|stakeholder management|PRINCE2",
  "Scrum Master": "Scrum|Kanban|facilitation|retrospectives|coaching|Jira",
  "Business Analyst": "requirements gathering|process mapping|SQL|user stories|BPMN|Excel",
  "Account Executive": "closing|pipeline management|Salesforce|negotiation|forecasting|discovery calls",
  "Sales Development Representative":
    "cold outreach|prospecting|Outreach|LinkedIn Sales Navigator|qualification|HubSpot",
  "Customer Success Manager": "onboarding|renewals|QBRs|Gainsight|churn analysis|upselling",
  "Customer Support Specialist":
    "ticket handling|Zendesk|live chat|empathy|troubleshooting|knowledge base writing",
  "Marketing Manager": "campaign management|brand strategy|marketing automation|budgeting|HubSpot|analytics",
  "Content Writer": "copywriting|editing|SEO writing|content strategy|WordPress|interviewing",
  "SEO Specialist": "keyword research|technical SEO|link building|Semrush|Ahrefs|Google Search Console",
  "Graphic Designer": "Adobe Illustrator|Photoshop|InDesign|typography|branding|layout",
  "Financial Analyst": "financial modelling|Excel|forecasting|variance analysis|FP&A|Anaplan",
  Accountant: "bookkeeping|reconciliations|month-end close|VAT returns|Xero|IFRS",
  "Financial Controller": "IFRS|consolidation|audit preparation|cash management|NetSuite|internal controls",
  "HR Generalist": "employee relations|HRIS|onboarding|employment law|payroll|Workday",
  Recruiter: "sourcing|interviewing|Greenhouse|LinkedIn Recruiter|employer branding|offer negotiation",
  "Office Manager": "facilities|vendor management|event planning|budgeting|travel booking|Google Workspace",
  "Operations Manager": "process improvement|KPIs|lean|budgeting|team leadership|capacity planning",
  "Supply Chain Analyst": "demand planning|SAP|Excel|inventory optimisation|S&OP|SQL",
  "Logistics Coordinator":
    "shipment tracking|freight booking|customs paperwork|Incoterms|carrier management|Cargowise",
  "Warehouse Associate":
    "picking and packing|RF scanning|forklift operation|goods in|stock rotation|dispatch",
  "Mechanical Engineer": "SolidWorks|GD&T|FEA|DFM|tolerance analysis|prototyping",
  "Electrical Engineer": "circuit design|PCB layout|Altium Designer|power electronics|EMC|SPICE",
  "Civil Engineer": "AutoCAD|Civil 3D|drainage design|site supervision|Eurocodes|structural analysis",
  "Chemical Engineer": "Aspen Plus|process simulation|HAZOP studies|mass balances|scale-up|P&IDs",
  "Research Scientist":
    "experimental design|statistical analysis|Python|publications|grant writing|laboratory methods",
  Architect: "Revit|ArchiCAD|planning applications|BIM coordination|sustainable design|Rhino",
  "Registered Nurse":
    "patient assessment|medication administration|wound care|triage|care planning|IV therapy",
  Pharmacist:
    "dispensing|clinical screening|medicines management|drug interaction checks|patient counselling|vaccination",
  Physiotherapist:
    "musculoskeletal assessment|exercise prescription|manual therapy|rehabilitation|gait analysis|sports injuries",
  "Medical Assistant":
    "phlebotomy|vital signs monitoring|appointment scheduling|ECG recording|specimen collection|EHR",
  Teacher: "lesson planning|classroom management|assessment|differentiation|curriculum design|safeguarding",
  Lawyer: "contract drafting|negotiation|legal research|litigation|GDPR|commercial law",
  Paralegal: "document review|legal research|case management|e-discovery|filing|Clio",
  Electrician:
    "electrical installation|fault finding|circuit testing|wiring regulations|panel upgrades|EV charger installation",
  Plumber: "pipe fitting|boiler servicing|leak detection|drain clearing|soldering|pressure testing",
  Chef: "menu planning|knife skills|food safety|sauces|kitchen hygiene|ordering and receiving",
  Barista: "espresso extraction|latte art|milk steaming|customer service|cash handling|grinder calibration",
  "Retail Store Manager":
    "sales targets|visual merchandising|rota planning|loss prevention|team leadership|stock control",
  "Truck Driver":
    "route planning|load securing|tachograph rules|vehicle checks|defensive driving|delivery scheduling",
  Welder: "MIG welding|TIG welding|blueprint reading|weld inspection|metal fabrication|grinding",
};
