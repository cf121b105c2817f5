/** Curated vocabularies that make generated data look like a real company's internal estate. */

export interface AppTemplate {
  readonly name: string
  readonly slug: string
  readonly port: string
  readonly description: string
}

export const APP_TEMPLATES: readonly AppTemplate[] = [
  { name: 'Admin Console', slug: 'admin', port: '8080', description: 'Back-office console for support and operations staff' },
  { name: 'Grafana', slug: 'grafana', port: '3000', description: 'Dashboards for service metrics and alerts' },
  { name: 'Billing API', slug: 'billing-api', port: '8443', description: 'Invoices, payment methods and subscription plans' },
  { name: 'Kibana', slug: 'kibana', port: '5601', description: 'Log search over the Elasticsearch cluster' },
  { name: 'Prometheus', slug: 'prometheus', port: '9090', description: 'Metrics collection and alerting rules' },
  { name: 'Jenkins', slug: 'jenkins', port: '8080', description: 'Legacy build pipelines' },
  { name: 'Argo CD', slug: 'argocd', port: '8080', description: 'GitOps deployments for the Kubernetes clusters' },
  { name: 'Vault', slug: 'vault', port: '8200', description: 'Secrets management and dynamic credentials' },
  { name: 'Metabase', slug: 'metabase', port: '3000', description: 'Self-service analytics for the business teams' },
  { name: 'Customer Portal', slug: 'portal', port: '443', description: 'Staging build of the customer-facing portal' },
  { name: 'Internal Wiki', slug: 'wiki', port: '8090', description: 'Runbooks, onboarding guides and architecture notes' },
  { name: 'JupyterHub', slug: 'jupyter', port: '8000', description: 'Shared notebooks for the data science team' },
  { name: 'pgAdmin', slug: 'pgadmin', port: '5050', description: 'PostgreSQL administration' },
  { name: 'RabbitMQ Management', slug: 'rabbitmq', port: '15672', description: 'Queues, exchanges and consumers' },
  { name: 'Keycloak', slug: 'keycloak', port: '8080', description: 'Identity provider and single sign-on' },
  { name: 'Sentry', slug: 'sentry', port: '9000', description: 'Error tracking for web and mobile clients' },
  { name: 'GitLab', slug: 'gitlab', port: '80', description: 'Source code, merge requests and CI runners' },
  { name: 'Airflow', slug: 'airflow', port: '8080', description: 'Scheduled data pipelines' },
  { name: 'Superset', slug: 'superset', port: '8088', description: 'Exploration and visualisation of the warehouse' },
  { name: 'Redis Insight', slug: 'redis-insight', port: '5540', description: 'Browse and profile the Redis caches' },
  { name: 'Harbor', slug: 'harbor', port: '443', description: 'Container image registry' },
  { name: 'SonarQube', slug: 'sonarqube', port: '9000', description: 'Static analysis and code quality gates' },
  { name: 'Nexus Repository', slug: 'nexus', port: '8081', description: 'Maven and npm artifact proxy' },
  { name: 'Traefik Dashboard', slug: 'traefik', port: '8080', description: 'Ingress routes and middleware status' },
  { name: 'Portainer', slug: 'portainer', port: '9443', description: 'Container management for edge hosts' },
  { name: 'Orders Service', slug: 'orders', port: '8080', description: 'Order intake and fulfilment API' },
  { name: 'Feature Flags', slug: 'flags', port: '4242', description: 'Feature toggles and gradual rollouts' },
  { name: 'MinIO Console', slug: 'minio', port: '9001', description: 'S3-compatible object storage' },
]

/** Qualifiers that tell apart several instances of one template inside a workspace. */
export const APP_QUALIFIERS: readonly string[] = [
  'EU', 'US', 'APAC', 'Canary', 'v2', 'Legacy', 'Replica', 'Sandbox', 'Blue', 'Green',
]

export interface WorkspaceTemplate {
  readonly name: string
  readonly domain: string
  readonly description: string
}

export const WORKSPACE_TEMPLATES: readonly WorkspaceTemplate[] = [
  { name: 'Platform Engineering', domain: 'platform', description: 'Shared infrastructure and developer tooling' },
  { name: 'Payments Production', domain: 'payments-prod', description: 'Production services of the payments team' },
  { name: 'Payments Staging', domain: 'payments-stg', description: 'Pre-production environment for payments' },
  { name: 'Data Science', domain: 'data', description: 'Notebooks, pipelines and analytics tools' },
  { name: 'Mobile Backend', domain: 'mobile', description: 'APIs and consoles behind the iOS and Android apps' },
  { name: 'Security Operations', domain: 'secops', description: 'Identity, secrets and audit tooling' },
  { name: 'Customer Support', domain: 'support', description: 'Consoles used by the support desk' },
  { name: 'QA Sandbox', domain: 'qa', description: 'Throw-away environment for test automation' },
  { name: 'Growth Experiments', domain: 'growth', description: 'Feature flags and experiment dashboards' },
  { name: 'Observability', domain: 'observability', description: 'Metrics, logs and traces for every team' },
]

export const GATEWAY_NAMES: readonly string[] = [
  'eu-west-1 edge', 'us-east-1 edge', 'office VPN', 'datacenter Frankfurt', 'k8s ingress prod',
  'k8s ingress staging', 'ap-southeast-1 edge', 'bastion',
]

export const GROUP_NAMES: readonly string[] = [
  'Engineering', 'SRE', 'Data Science', 'Support', 'Finance', 'Security', 'Contractors', 'QA',
]

export const POLICY_NAMES: readonly string[] = [
  'Require MFA', 'Business hours only', 'Managed devices only', 'EU IP ranges', 'Read-only access',
  'Session 8h max', 'Block anonymous proxies',
]

export const ORGANIZATION_NAMES: readonly string[] = [
  'Acme Corp', 'Globex', 'Initech', 'Umbrella Labs', 'Stark Industries', 'Wayne Enterprises',
  'Hooli', 'Soylent', 'Tyrell Systems', 'Cyberdyne',
]

/**
 * Given and family names of accounts and users: the only person data the factories draw, so the kit
 * carries these lists rather than a faker locale (faker's English data is ~400 KB in a browser bundle).
 */
export const FIRST_NAMES: readonly string[] = [
  'Aaliyah', 'Adrian', 'Aiko', 'Alejandro', 'Amara', 'Anders', 'Ayesha', 'Beatriz', 'Camille', 'Chen',
  'Chidi', 'Daniela', 'Dmitri', 'Elena', 'Emeka', 'Fatima', 'Felix', 'Grace', 'Hannah', 'Hiroshi',
  'Ingrid', 'Isabel', 'Jamal', 'Jana', 'Javier', 'Jin', 'Kai', 'Kavya', 'Lars', 'Leila',
  'Liam', 'Lucia', 'Malik', 'Marta', 'Mateo', 'Mei', 'Nadia', 'Noah', 'Olga', 'Omar',
  'Priya', 'Rafael', 'Rosa', 'Sanjay', 'Sofia', 'Tariq', 'Thea', 'Tomasz', 'Yara', 'Zoe',
]

export const LAST_NAMES: readonly string[] = [
  'Abara', 'Andersson', 'Bakker', 'Banerjee', 'Becker', 'Costa', 'Dubois', 'Eriksen', 'Fernandes', 'Fischer',
  'Garcia', 'Haddad', 'Hansen', 'Ito', 'Ivanova', 'Jensen', 'Kaur', 'Kim', 'Kowalski', 'Lambert',
  'Larsen', 'Li', 'Lopez', 'Martin', 'Mensah', 'Moreau', 'Mueller', 'Nakamura', 'Novak', 'Nowak',
  'Okafor', 'Olsen', 'Park', 'Patel', 'Petrov', 'Popescu', 'Quinn', 'Rossi', 'Santos', 'Schmidt',
  'Silva', 'Singh', 'Suzuki', 'Tanaka', 'Varga', 'Walsh', 'Wang', 'Weber', 'Yilmaz', 'Zhang',
]
