// French descriptions, for jobs mostly in France, Belgium, Geneva, Lausanne and Montréal.
import type { Facts, Slots } from "./facts";
import type { Field } from "./occupations";
import { bullets, joinAnd } from "./vocabulary";

const SECTOR_WHAT: Record<string, string> = {
  "": "des logiciels et des services pour les entreprises de toutes tailles",
  Health: "des outils numériques pour les cliniques, les hôpitaux et les soignants",
  Logistics: "le transport, l'entreposage et la livraison du dernier kilomètre",
  Analytics: "des analyses qui transforment les données en décisions",
  Retail: "des magasins et une boutique en ligne appréciés de nos clients",
  Energy: "des projets d'énergie renouvelable et les logiciels du réseau",
  Finance: "des solutions de paiement, de crédit et de comptabilité",
  Foods: "des produits frais, de nos cuisines jusqu'aux rayons",
  Mobility: "la mobilité partagée, la gestion de flottes et les transports publics",
  Media: "l'information, les podcasts et le streaming pour des millions de personnes",
  Robotics: "des robots et de l'automatisation pour les usines et les entrepôts",
  Insurance: "une assurance simple à souscrire et juste en cas de sinistre",
  Travel: "des voyages, des hôtels et des logiciels de réservation",
};

const DUTY: Record<Field, ((s: Slots) => string)[]> = {
  tech: [
    (s) =>
      `Concevoir et livrer de nouvelles fonctionnalités de ${s.product} avec ${joinAnd(s.tools(2), "et")}`,
    () => `Assurer la fiabilité de nos services en production, astreintes comprises`,
    (s) => `Relire le code de l'équipe et partager vos connaissances sur ${s.tools(1)}`,
    (s) => `Développer des intégrations avec ${s.otherProduct()} et ${s.otherProduct()}`,
    () => `Améliorer nos outils de test et de déploiement`,
  ],
  business: [
    (s) => `Gérer un portefeuille de comptes clés, dont ${s.client()} et ${s.client()}`,
    (s) => `Piloter les indicateurs et les rapports avec ${joinAnd(s.tools(2), "et")}`,
    () => `Travailler main dans la main avec les équipes commerciales, produit et finance`,
    (s) => `Préparer et animer les initiatives trimestrielles autour de ${s.product}`,
    () => `Améliorer les processus, de la planification au reporting`,
  ],
  health: [
    () => `Assurer des soins sûrs et bienveillants à nos patients`,
    (s) => `Tenir à jour le dossier de soins dans ${s.tools(1)}`,
    () => `Travailler au sein d'une équipe pluridisciplinaire de médecins et de thérapeutes`,
    () => `Participer aux démarches qualité et à l'accueil des étudiants`,
    () => `Expliquer clairement les traitements aux patients et à leurs familles`,
  ],
  trade: [
    () => `Réaliser des installations, des dépannages et de l'entretien chez nos clients`,
    () => `Respecter scrupuleusement les règles de sécurité`,
    (s) => `Préparer le matériel et les interventions avec ${s.tools(1)}`,
    (s) => `Entretenir l'outillage et les véhicules, dont ${s.tools(1)}`,
    () => `Expliquer les travaux aux clients et laisser chaque chantier propre`,
  ],
  service: [
    () => `Accueillir et conseiller nos clients chaque jour`,
    () => `Gérer les stocks, les commandes et les livraisons`,
    (s) => `Utiliser ${s.tools(1)} au quotidien`,
    () => `Former les nouveaux membres de l'équipe`,
    () => `Travailler en horaires décalés, y compris certains week-ends`,
  ],
  engineering: [
    (s) => `Développer des conceptions de l'idée à la production avec ${joinAnd(s.tools(2), "et")}`,
    (s) => `Réaliser des calculs, des simulations et des essais pour ${s.product}`,
    (s) => `Travailler avec des fournisseurs comme ${s.client()}`,
    () => `Rédiger la documentation technique selon les normes du secteur`,
    () => `Animer les revues techniques de vos projets`,
  ],
};

const YEARS: Record<string, string> = {
  intern: "Vous êtes étudiant(e) dans une filière en lien avec le poste",
  junior: "Une première expérience ou un diplôme récent : le poste est ouvert aux profils junior",
  mid: "Au moins trois ans d'expérience sur un poste similaire",
  senior: "Au moins cinq ans d'expérience et un profil senior reconnu",
  lead: "Au moins sept ans d'expérience, dont une partie en encadrement",
  principal: "Au moins dix ans d'expérience et une vraie expertise de référence",
  executive: "Au moins dix ans d'expérience, dont plusieurs années à la tête d'équipes",
};

const BENEFITS = [
  "Un budget formation annuel",
  "Une mutuelle prise en charge à 100 %",
  "Des tickets restaurant",
  "Un équipement moderne de votre choix",
  "Une équipe bienveillante et de vraies perspectives d'évolution",
  "Des réductions sur nos produits",
];

export function describeFr(f: Facts, s: Slots): string {
  const where =
    f.remote === "remote" ? `en télétravail complet depuis n'importe où ${f.country}` : `à ${f.city}`;
  const first = s.pick([
    `Nous recrutons : ${f.title} ${where}.`,
    `Rejoignez notre équipe en tant que ${f.title} ${where}.`,
  ]);
  const about = `À propos de ${f.brand} : notre cœur de métier, ce sont ${SECTOR_WHAT[f.sector] ?? SECTOR_WHAT[""]}. Fondée en ${s.founded}, l'entreprise compte aujourd'hui ${s.people} personnes réparties sur ${s.offices === 1 ? "un site" : `${s.offices} sites`}. Notre produit ${s.product} est utilisé chaque jour par des clients comme ${s.client()}.`;
  const duties = DUTY[s.field];
  const k = s.int(0, duties.length - 1);
  const todo = [0, 1, 2, 3].map((i) => (duties[(k + i) % duties.length] as (s: Slots) => string)(s));
  const needs = [
    f.level === null ? "Une expérience solide sur un poste similaire" : (YEARS[f.level] ?? ""),
    `Une pratique de ${joinAnd(s.tools(3), "et")}`,
    `Des compétences en ${joinAnd(s.core(2), "et")}`,
    "Un très bon niveau de français et un bon niveau d'anglais",
    s.pick([
      "Rigueur et sens des responsabilités",
      "Curiosité et goût du travail en équipe",
      "Calme et organisation",
    ]),
    `Un plus : ${s.cert()}`,
  ];
  const type =
    f.type === "full_time"
      ? "Poste à temps plein"
      : f.type === "part_time"
        ? `Poste à temps partiel (${s.pick(["20", "24", "28"])} heures par semaine)`
        : f.type === "contract"
          ? `Mission en freelance de ${s.pick(["six", "neuf", "douze"])} mois`
          : f.type === "temporary"
            ? `Contrat à durée déterminée (CDD) de ${s.pick(["trois", "quatre", "six"])} mois`
            : `Stage rémunéré de ${s.pick(["trois", "six"])} mois`;
  const arrangement =
    f.remote === "remote"
      ? `, en télétravail complet depuis n'importe où ${f.country} ; l'équipe se retrouve deux fois par an.`
      : f.remote === "hybrid"
        ? `, en mode hybride : ${s.pick(["deux", "trois"])} jours par semaine dans nos bureaux de ${f.city}, le reste à la maison.`
        : f.remote === "on_site"
          ? `, sur site dans nos locaux de ${f.city}.`
          : `, basé à ${f.city}.`;
  const perks = [
    s.pick(BENEFITS),
    s.pick(BENEFITS),
    f.type === "full_time" || f.type === "part_time"
      ? `${s.pick(["25", "27", "30"])} jours de congés payés par an`
      : "Une rémunération versée chaque mois",
    f.remote === "on_site"
      ? `La prise en charge de votre abonnement de transport à ${f.city}`
      : "Des horaires flexibles",
  ];
  return `${first} Vous serez rattaché(e) à ${s.manager} et travaillerez étroitement avec ${s.colleague}.\n\n${about}\n\nVos missions :\n${bullets(todo)}\n\nVotre profil :\n${bullets(needs)}\n\nCe que nous offrons :\n${bullets(perks)}\n\n${type}${arrangement}\n\nIntéressé(e) ? Envoyez-nous votre CV, nous répondons à chaque candidature. Nous accueillons toutes les candidatures, sans distinction d'origine, d'âge, de genre, de handicap ou de convictions.`;
}
