// Spanish descriptions, for jobs mostly in Spain, Mexico, Chile and Colombia.
import type { Facts, Slots } from "./facts";
import type { Field } from "./occupations";
import { bullets, joinAnd } from "./vocabulary";

const SECTOR_WHAT: Record<string, string> = {
  "": "software y servicios para empresas de todos los tamaños",
  Health: "herramientas digitales para clínicas, hospitales y profesionales sanitarios",
  Logistics: "transporte, almacenaje y entrega de última milla",
  Analytics: "análisis que convierten los datos en decisiones",
  Retail: "tiendas y una tienda en línea que nuestros clientes adoran",
  Energy: "proyectos de energía renovable y el software de la red",
  Finance: "pagos, préstamos y productos de contabilidad",
  Foods: "alimentos frescos, desde nuestras cocinas hasta el supermercado",
  Mobility: "movilidad compartida, gestión de flotas y transporte público",
  Media: "noticias, pódcasts y streaming para millones de personas",
  Robotics: "robots y automatización para fábricas y almacenes",
  Insurance: "seguros fáciles de contratar y justos a la hora de un siniestro",
  Travel: "viajes, hoteles y software de reservas",
};

const DUTY: Record<Field, ((s: Slots) => string)[]> = {
  tech: [
    (s) => `Diseñar y lanzar nuevas funcionalidades de ${s.product} con ${joinAnd(s.tools(2), "y")}`,
    () => `Mantener nuestros servicios en producción, guardias incluidas`,
    (s) => `Revisar código y compartir conocimiento sobre ${s.tools(1)}`,
    (s) => `Construir integraciones con ${s.otherProduct()} y ${s.otherProduct()}`,
    () => `Mejorar nuestras herramientas de pruebas y despliegue`,
  ],
  business: [
    (s) => `Gestionar una cartera de clientes clave, como ${s.client()} y ${s.client()}`,
    (s) => `Convertir datos en decisiones con ${joinAnd(s.tools(2), "y")}`,
    () => `Colaborar con ventas, producto y finanzas`,
    (s) => `Planificar y ejecutar las iniciativas trimestrales de ${s.product}`,
    () => `Mejorar los procesos, de la planificación a los informes`,
  ],
  health: [
    () => `Brindar cuidados seguros y cercanos a nuestros pacientes`,
    (s) => `Mantener al día la historia clínica en ${s.tools(1)}`,
    () => `Trabajar en un equipo multidisciplinar con médicos y terapeutas`,
    () => `Participar en auditorías de calidad y en la formación de estudiantes`,
    () => `Explicar los tratamientos con claridad a pacientes y familias`,
  ],
  trade: [
    () => `Realizar instalaciones, reparaciones y mantenimiento en casa de nuestros clientes`,
    () => `Cumplir todas las normas de seguridad sin excepción`,
    (s) => `Planificar el material y las visitas con ${s.tools(1)}`,
    (s) => `Cuidar las herramientas y los vehículos, como ${s.tools(1)}`,
    () => `Explicar el trabajo a los clientes y dejar cada obra limpia`,
  ],
  service: [
    () => `Atender y asesorar a nuestros clientes cada día`,
    () => `Gestionar inventario, pedidos y entregas`,
    (s) => `Trabajar a diario con ${s.tools(1)}`,
    () => `Formar a las nuevas incorporaciones del equipo`,
    () => `Trabajar por turnos, incluidos algunos fines de semana`,
  ],
  engineering: [
    (s) => `Desarrollar diseños desde el concepto hasta la producción con ${joinAnd(s.tools(2), "y")}`,
    (s) => `Realizar cálculos, simulaciones y ensayos para ${s.product}`,
    (s) => `Coordinar con proveedores como ${s.client()}`,
    () => `Documentar los diseños según las normas del sector`,
    () => `Dirigir las revisiones técnicas de tus proyectos`,
  ],
};

const YEARS: Record<string, string> = {
  intern: "Estar cursando una carrera relacionada con el puesto",
  junior: "Primera experiencia o titulación reciente: buscamos un perfil junior",
  mid: "Al menos tres años de experiencia en un puesto similar",
  senior: "Al menos cinco años de experiencia y un perfil sénior",
  lead: "Al menos siete años de experiencia, parte de ellos liderando un equipo",
  principal: "Al menos diez años de experiencia y un criterio técnico reconocido",
  executive: "Al menos diez años de experiencia, varios de ellos al frente de equipos",
};

const BENEFITS = [
  "Presupuesto anual de formación",
  "Seguro médico privado",
  "Tarjeta restaurante",
  "Equipo moderno a tu elección",
  "Un equipo cercano y posibilidades reales de crecer",
  "Descuentos en nuestros productos",
];

export function describeEs(f: Facts, s: Slots): string {
  const where = f.remote === "remote" ? `en remoto desde cualquier lugar ${f.country}` : `en ${f.city}`;
  const first = s.pick([`Buscamos ${f.title} ${where}.`, `Únete a nuestro equipo como ${f.title} ${where}.`]);
  const about = `Sobre ${f.brand}: nos dedicamos a ${SECTOR_WHAT[f.sector] ?? SECTOR_WHAT[""]}. Desde ${s.founded} hemos crecido hasta ser ${s.people} personas en ${s.offices === 1 ? "una oficina" : `${s.offices} oficinas`}, y nuestro producto ${s.product} lo usan cada día clientes como ${s.client()}.`;
  const duties = DUTY[s.field];
  const k = s.int(0, duties.length - 1);
  const todo = [0, 1, 2, 3].map((i) => (duties[(k + i) % duties.length] as (s: Slots) => string)(s));
  const needs = [
    f.level === null ? "Experiencia sólida en un puesto similar" : (YEARS[f.level] ?? ""),
    `Experiencia práctica con ${joinAnd(s.tools(3), "y")}`,
    `Conocimientos de ${joinAnd(s.core(2), "y")}`,
    "Español nativo o bilingüe y buen nivel de inglés",
    s.pick([
      "Atención al detalle y compromiso",
      "Ganas de aprender y de trabajar en equipo",
      "Calma y organización",
    ]),
    `Se valorará: ${s.cert()}`,
  ];
  const type =
    f.type === "full_time"
      ? "Puesto a jornada completa"
      : f.type === "part_time"
        ? `Puesto a media jornada (${s.pick(["20", "24", "30"])} horas semanales)`
        : f.type === "contract"
          ? `Proyecto como autónomo de ${s.pick(["seis", "nueve", "doce"])} meses`
          : f.type === "temporary"
            ? `Contrato temporal de ${s.pick(["tres", "cuatro", "seis"])} meses`
            : `Prácticas remuneradas de ${s.pick(["tres", "seis"])} meses`;
  const arrangement =
    f.remote === "remote"
      ? `, 100 % en remoto desde cualquier lugar ${f.country}; el equipo se reúne dos veces al año.`
      : f.remote === "hybrid"
        ? `, en modelo híbrido: ${s.pick(["dos", "tres"])} días por semana en nuestra oficina de ${f.city} y el resto desde casa.`
        : f.remote === "on_site"
          ? `, presencial en nuestras instalaciones de ${f.city}.`
          : `, con base en ${f.city}.`;
  const perks = [
    s.pick(BENEFITS),
    s.pick(BENEFITS),
    f.type === "full_time" || f.type === "part_time"
      ? `${s.pick(["22", "23", "25"])} días laborables de vacaciones al año`
      : "Pago puntual cada mes",
    f.remote === "on_site" ? `Ayuda para el transporte público en ${f.city}` : "Horario flexible",
  ];
  return `${first} Reportarás a ${s.manager} y trabajarás de cerca con ${s.colleague}.\n\n${about}\n\nTus funciones:\n${bullets(todo)}\n\nQué buscamos:\n${bullets(needs)}\n\nQué ofrecemos:\n${bullets(perks)}\n\n${type}${arrangement}\n\n¿Te interesa? Envíanos tu CV; respondemos a todas las candidaturas. Valoramos la diversidad y no discriminamos por origen, edad, género, discapacidad ni creencias.`;
}
