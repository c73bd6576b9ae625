// The few things each occupation's ads name first, before its group's common skills and tools.

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
