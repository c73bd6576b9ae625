// What each occupation's ads ask for, most asked first (descriptions pick them Zipf-like): skills
// (English phrases), tools (names that read the same in every language) and certifications.

/** Skills (activities, knowledge) and tools (names) shared by a group of occupations. */
const GROUPS: { who: string; skills: string; tools: string; certs: string }[] = [
  {
    who: "Software Engineer|Backend Engineer|Frontend Developer|Full Stack Developer|iOS Developer|Android Developer|Embedded Software Engineer|Game Developer|QA Engineer",
    skills:
      "software design|code review|testing|debugging|API design|distributed systems|performance tuning|system design|continuous integration|automated testing|refactoring|microservices|event-driven architecture|caching strategies|accessibility|responsive design|domain-driven design|test-driven development|schema migrations|feature flags|pair programming|concurrency|memory profiling|static analysis|dependency management|release engineering|mobile performance|offline-first design|internationalisation|design systems|state management|graph algorithms|compiler internals|embedded firmware|real-time systems|hardware bring-up|shader programming|physics simulation|load testing",
    tools:
      "Python|TypeScript|Java|Go|SQL|React|Docker|PostgreSQL|Node.js|Linux|Git|Kotlin|Rust|C++|GitHub Actions|Kafka|Redis|Swift|GraphQL|Next.js|Vue|Angular|Django|FastAPI|Spring Boot|Rails|gRPC|Sentry|Playwright|Cypress|Jest|Vitest|Webpack|Vite|Figma|Jira|Unity|Unreal Engine|Zephyr|FreeRTOS|Yocto|Bazel|Nix|Flutter|SwiftUI|Jetpack Compose|Xcode|Android Studio|Kubernetes|AWS",
    certs:
      "AWS Certified Developer|Certified Kubernetes Application Developer|ISTQB Foundation|Oracle Certified Professional Java Programmer|Google Associate Android Developer|Unity Certified Programmer",
  },
  {
    who: "Data Scientist|Data Engineer|Data Analyst|Machine Learning Engineer|Research Scientist",
    skills:
      "data modelling|data pipelines|stream processing|feature engineering|statistical modelling|experiment design|A/B testing|model evaluation|prompt engineering|vector search|query optimisation|data quality|causal inference|time series forecasting|data visualisation",
    tools:
      "Python|SQL|Spark|Airflow|dbt|Snowflake|pandas|PyTorch|TensorFlow|scikit-learn|Jupyter|Tableau|Looker|Power BI|BigQuery|Databricks|ClickHouse|Kafka|R|MLflow",
    certs:
      "Google Professional Data Engineer|Databricks Certified Data Engineer|TensorFlow Developer Certificate|AWS Certified Machine Learning|Snowflake SnowPro Core",
  },
  {
    who: "DevOps Engineer|Site Reliability Engineer|Cloud Architect|Security Engineer|Database Administrator|IT Support Specialist|Solutions Architect",
    skills:
      "incident response|observability|security best practices|capacity planning|threat modelling|cost optimisation|disaster recovery|identity management|network security|penetration testing|vulnerability management|secure coding|chaos engineering|infrastructure as code|backup and restore|access reviews|patch management",
    tools:
      "Kubernetes|AWS|Terraform|Linux|Docker|Google Cloud|Azure|Prometheus|Grafana|Elasticsearch|Ansible|Helm|Argo CD|Jenkins|PostgreSQL|MongoDB|Cassandra|RabbitMQ|OpenTelemetry|Datadog|Pulumi|Vault|Istio|Envoy|Nginx|Splunk|Wireshark|Burp Suite|Okta",
    certs:
      "AWS Certified Solutions Architect|Certified Kubernetes Administrator|Google Professional Cloud Architect|Azure Solutions Architect Expert|HashiCorp Terraform Associate|CISSP|OSCP|CompTIA Security+|CompTIA A+|ITIL Foundation",
  },
  {
    who: "Technical Writer|Content Writer|SEO Specialist|Marketing Manager|Graphic Designer",
    skills:
      "copywriting|content strategy|keyword research|link building|campaign management|brand strategy|social media|email marketing|technical documentation|editing|storytelling|information architecture|market research|competitive analysis",
    tools:
      "Google Analytics|Semrush|Ahrefs|Google Ads|Meta Ads|Adobe Illustrator|Adobe Photoshop|InDesign|Canva|WordPress|Webflow|Mailchimp|Marketo|HubSpot|Confluence|Markdown|Figma",
    certs:
      "Google Ads certification|HubSpot Inbound certification|Google Analytics certification|Adobe Certified Professional",
  },
  {
    who: "Product Manager|Product Designer|UX Researcher|Project Manager|Scrum Master|Business Analyst|Operations Manager",
    skills:
      "stakeholder management|project planning|roadmapping|prioritisation|agile delivery|risk management|change management|requirements gathering|process mapping|user interviews|usability testing|wireframing|prototyping|facilitation|public speaking|budgeting|vendor management",
    tools:
      "Jira|Notion|Figma|Miro|Asana|Slack|Confluence|Trello|Monday.com|Excel|Dovetail|Maze|UserTesting|Hotjar|Amplitude|Mixpanel|Qualtrics",
    certs:
      "PMP|PRINCE2 Practitioner|Certified ScrumMaster|Professional Scrum Product Owner|Lean Six Sigma Green Belt|IIBA CBAP",
  },
  {
    who: "Account Executive|Sales Development Representative|Customer Success Manager|Customer Support Specialist",
    skills:
      "account management|pipeline management|lead generation|cold outreach|discovery calls|negotiation|customer onboarding|churn analysis|renewals|upselling|forecasting|complaint handling|de-escalation|live chat|phone support|knowledge base writing",
    tools:
      "Salesforce|HubSpot|Outreach|Gong|Gainsight|Zendesk|Intercom|Freshdesk|Slack|LinkedIn Sales Navigator|Excel",
    certs:
      "HubSpot Inbound certification|Salesforce Certified Administrator|Gainsight Admin certification|MEDDIC training",
  },
  {
    who: "Financial Analyst|Accountant|Financial Controller|Supply Chain Analyst",
    skills:
      "financial modelling|forecasting|budgeting|month-end close|reconciliations|accounts payable|accounts receivable|payroll|statutory reporting|audit preparation|tax compliance|variance analysis|procurement|inventory planning|demand planning",
    tools: "Excel|SAP|Oracle|NetSuite|Xero|QuickBooks|Anaplan|Dynamics 365|Coupa|Power BI|Tableau",
    certs: "ACCA|CIMA|CPA|CFA Level II|APICS CSCP|CIPS Level 4",
  },
  {
    who: "HR Generalist|Recruiter|Office Manager",
    skills:
      "employee relations|talent acquisition|sourcing|interviewing|onboarding|performance reviews|compensation benchmarking|payroll|vendor management|event planning|employer branding",
    tools: "Workday|BambooHR|Greenhouse|LinkedIn Recruiter|Google Workspace|Slack|Notion|DocuSign|Excel",
    certs: "SHRM-CP|CIPD Level 5|AIRS Certified Recruiter",
  },
  {
    who: "Lawyer|Paralegal",
    skills:
      "legal research|contract drafting|contract negotiation|due diligence|litigation support|document review|regulatory compliance|case management|e-discovery|legal writing",
    tools: "Clio|LexisNexis|Westlaw|DocuSign|iManage|Relativity",
    certs: "bar admission|paralegal certificate|CIPP/E",
  },
  {
    who: "Registered Nurse|Medical Assistant",
    skills:
      "patient assessment|triage|wound care|medication administration|infection control|care planning|vital signs monitoring|IV therapy|phlebotomy|catheter care|palliative care|patient education|discharge planning|clinical documentation|pain management|falls prevention|safeguarding|manual handling|basic life support|advanced life support|dementia care|post-operative care|diabetes management|respiratory care|tracheostomy care|appointment scheduling|medical coding|specimen collection|ECG recording|sterilisation|telephone triage|end-of-life care|tissue viability|continence care|nutrition screening|mental health first aid",
    tools:
      "Epic|Cerner|EMIS|SystmOne|Meditech|Allscripts|athenahealth|Omnicell|Pyxis|Alaris pumps|Dräger monitors|Philips IntelliVue|Datix|RiO|Medisoft|Kareo",
    certs:
      "BLS certification|ACLS certification|PALS certification|NMC registration|IV certification|Phlebotomy certificate",
  },
  {
    who: "Pharmacist",
    skills:
      "medication reconciliation|dispensing|prescription screening|drug interaction checks|compounding|vaccination|medicines management|clinical audit|patient counselling|controlled drugs management",
    tools: "Rx30|PioneerRx|ScriptPro|EMIS|Omnicell|Pyxis|Epic",
    certs: "GPhC registration|Immunisation training|independent prescriber qualification",
  },
  {
    who: "Physiotherapist",
    skills:
      "musculoskeletal assessment|exercise prescription|gait analysis|manual therapy|electrotherapy|hydrotherapy|sports rehabilitation|neurological rehabilitation|cardiac rehabilitation|falls prevention|clinical documentation|mentoring students",
    tools: "Physitrack|Cliniko|TheraOffice|SystmOne",
    certs: "HCPC registration|Acupuncture certification|Sports massage certificate",
  },
  {
    who: "Electrician|Plumber",
    skills:
      "electrical installation|fault finding|circuit testing|cable pulling|conduit bending|panel upgrades|lighting installation|EV charger installation|solar PV installation|pipe fitting|drain clearing|boiler servicing|leak detection|bathroom installation|soldering|pressure testing|job costing|materials ordering|preventive maintenance|commissioning|snagging|working at height|lockout tagout|risk assessments",
    tools:
      "Fluke meters|Megger testers|Milwaukee tools|Makita tools|Hilti tools|Bosch tools|DeWalt tools|Rothenberger|Ridgid|Worcester Bosch|Vaillant|Tesla Wall Connector|SolarEdge|Enphase|ServiceTitan|Jobber|simPRO|Tradify",
    certs:
      "18th Edition wiring regulations|ECS card|CSCS card|Gas Safe registration|NVQ Level 3|IPAF licence",
  },
  {
    who: "Welder",
    skills:
      "MIG welding|TIG welding|stick welding|flux-cored welding|oxy-fuel cutting|plasma cutting|blueprint reading|weld inspection|metal fabrication|grinding|hazard identification|confined space entry|permit to work",
    tools: "Lincoln Electric|Miller welders|ESAB|Fronius|Hilti tools|Makita tools|DeWalt tools",
    certs: "AWS D1.1 certification|EN ISO 9606 welder approval|CSCS card|NVQ Level 3",
  },
  {
    who: "Truck Driver|Warehouse Associate|Logistics Coordinator",
    skills:
      "route planning|load securing|defensive driving|tachograph rules|vehicle checks|forklift operation|pallet handling|delivery scheduling|picking and packing|goods in|dispatch|returns handling|RF scanning|inventory counts|stock rotation|route optimisation|shipment tracking|customs paperwork|carrier management|hazard identification",
    tools:
      "Samsara|Geotab|Omnitracs|Scania|Volvo FH|Mercedes Actros|Toyota forklifts|Linde forklifts|SAP EWM|Manhattan WMS|Blue Yonder|Zebra scanners|Honeywell scanners|Flexport|Cargowise|Descartes",
    certs:
      "CPC driver qualification|ADR certificate|HGV Class 1 licence|forklift licence|customs declaration training",
  },
  {
    who: "Barista|Chef|Retail Store Manager",
    skills:
      "customer service|cash handling|point of sale|stock rotation|merchandising|visual merchandising|opening and closing|shift planning|food safety|allergen awareness|espresso extraction|latte art|milk steaming|grinder calibration|menu planning|knife skills|sauces|pastry|batch cooking|kitchen hygiene|portion control|ordering and receiving|stocktaking|team leadership|rota planning|sales targets|loss prevention|health and safety|upselling|event setup",
    tools:
      "Square|Toast|Lightspeed|Shopify POS|Clover|Oracle Micros|La Marzocco|Victoria Arduino|Mahlkönig|Rational ovens|Thermomix|Deputy|Planday|7shifts",
    certs:
      "food hygiene level 2|food hygiene level 3|SCA Barista Skills|allergen awareness certificate|personal licence|first aid at work",
  },
  {
    who: "Teacher",
    skills:
      "lesson planning|classroom management|assessment|differentiation|safeguarding|parent communication|curriculum design|behaviour management|pastoral care|exam preparation",
    tools: "Google Classroom|Moodle|Canvas LMS|Seesaw|Microsoft Teams",
    certs: "QTS|PGCE|TEFL certificate|first aid at work",
  },
  {
    who: "Mechanical Engineer|Electrical Engineer|Civil Engineer|Chemical Engineer|Architect",
    skills:
      "CAD modelling|technical drawings|tolerance analysis|finite element analysis|computational fluid dynamics|design for manufacture|root cause analysis|failure mode analysis|design verification|prototyping|test planning|requirements management|systems engineering|power electronics|circuit design|PCB layout|signal integrity|control systems|motor drives|high-voltage design|structural analysis|reinforced concrete design|steel design|geotechnical assessment|drainage design|site supervision|quantity surveying|process simulation|mass balances|heat transfer|reaction engineering|process safety|HAZOP studies|scale-up|building regulations|planning applications|sustainable design|BIM coordination|facade design|site surveys|cost estimation|value engineering|commissioning|field testing|reliability engineering|lean manufacturing",
    tools:
      "SolidWorks|AutoCAD|MATLAB|Simulink|ANSYS|CATIA|Creo|Siemens NX|Fusion 360|Revit|ArchiCAD|SketchUp|Rhino|Grasshopper|Navisworks|Civil 3D|ETABS|SAP2000|Tekla|Abaqus|COMSOL|Aspen Plus|Aspen HYSYS|LabVIEW|Altium Designer|KiCad|OrCAD|Cadence|SPICE|TIA Portal|Minitab|JMP|Primavera P6|MS Project|Bluebeam|STAAD.Pro",
    certs:
      "Chartered Engineer|Professional Engineer licence|SolidWorks CSWP|NEBOSH General Certificate|LEED AP|RIBA Part 3|CompEx certification",
  },
  {
    who: "Research Scientist",
    skills:
      "laboratory methods|experimental design|statistical analysis|technical writing|grant writing|peer review",
    tools: "MATLAB|Python|R|LabVIEW|Minitab|JMP",
    certs: "PhD|GLP training",
  },
];

const union = (xs: string[]) => [...new Set(xs)];
/** An occupation's skills and tools, most asked first. */
export function skillsOf(title: string): { skills: string[]; tools: string[]; certs: string[] } {
  const mine = GROUPS.filter((g) => g.who.split("|").includes(title));
  return {
    skills: union(mine.flatMap((g) => g.skills.split("|"))),
    tools: union(mine.flatMap((g) => g.tools.split("|"))),
    certs: union(mine.flatMap((g) => g.certs.split("|"))),
  };
}
