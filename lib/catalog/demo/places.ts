// Countries of the demo catalog: currency, a typical annual salary in that currency, cities
// (largest first) and a weight for how many jobs land there.
export type DemoCountry = {
  code: string;
  currency: string;
  median: number;
  weight: number;
  cities: string[];
  suffixes: string[];
};

const c = (
  code: string,
  currency: string,
  median: number,
  weight: number,
  cities: string,
  suffixes: string,
): DemoCountry => ({
  code,
  currency,
  median,
  weight,
  cities: cities.split("|"),
  suffixes: suffixes.split("|"),
});

export const DEMO_COUNTRIES: DemoCountry[] = [
  c("US", "USD", 75_000, 20, "New York|San Francisco|Seattle|Austin|Chicago|Boston|Denver", "Inc.|LLC|Corp."),
  c("GB", "GBP", 42_000, 8, "London|Manchester|Edinburgh|Bristol|Cambridge|Leeds", "Ltd|plc"),
  c("DE", "EUR", 58_000, 8, "Berlin|Munich|Hamburg|Frankfurt|Cologne|Stuttgart", "GmbH|AG|SE"),
  c("IN", "INR", 900_000, 6, "Bengaluru|Mumbai|Delhi|Hyderabad|Pune|Chennai", "Pvt Ltd|Ltd"),
  c("FR", "EUR", 45_000, 5, "Paris|Lyon|Toulouse|Lille|Nantes", "SAS|SA"),
  c("CA", "CAD", 70_000, 4, "Toronto|Vancouver|Montréal|Calgary|Ottawa", "Inc.|Ltd"),
  c("NL", "EUR", 52_000, 3, "Amsterdam|Rotterdam|Utrecht|Eindhoven", "B.V.|N.V."),
  c("ES", "EUR", 32_000, 3, "Madrid|Barcelona|Valencia|Seville", "S.L.|S.A."),
  c("IT", "EUR", 34_000, 2, "Milan|Rome|Turin|Bologna", "S.r.l.|S.p.A."),
  c("AU", "AUD", 90_000, 3, "Sydney|Melbourne|Brisbane|Perth", "Pty Ltd"),
  c("PL", "PLN", 95_000, 2, "Warsaw|Kraków|Wrocław|Gdańsk", "Sp. z o.o.|S.A."),
  c("SE", "SEK", 480_000, 2, "Stockholm|Gothenburg|Malmö", "AB"),
  c("CH", "CHF", 100_000, 2, "Zürich|Geneva|Basel|Lausanne", "AG|SA|GmbH"),
  c("IE", "EUR", 55_000, 2, "Dublin|Cork|Galway", "Ltd|DAC"),
  c("BR", "BRL", 85_000, 2, "São Paulo|Rio de Janeiro|Belo Horizonte|Curitiba", "Ltda.|S.A."),
  c("JP", "JPY", 5_200_000, 2, "Tokyo|Osaka|Yokohama|Fukuoka", "K.K.|G.K."),
  c("SG", "SGD", 72_000, 2, "Singapore", "Pte. Ltd."),
  c("AT", "EUR", 52_000, 1, "Vienna|Graz|Linz", "GmbH|AG"),
  c("BE", "EUR", 50_000, 1, "Brussels|Antwerp|Ghent", "NV|SRL"),
  c("DK", "DKK", 520_000, 1, "Copenhagen|Aarhus|Odense", "A/S|ApS"),
  c("NO", "NOK", 600_000, 1, "Oslo|Bergen|Trondheim", "AS|ASA"),
  c("FI", "EUR", 46_000, 1, "Helsinki|Espoo|Tampere", "Oy|Oyj"),
  c("PT", "EUR", 24_000, 1, "Lisbon|Porto|Braga", "Lda.|S.A."),
  c("CZ", "CZK", 620_000, 1, "Prague|Brno|Ostrava", "s.r.o.|a.s."),
  c("HU", "HUF", 7_200_000, 1, "Budapest|Debrecen", "Kft.|Zrt."),
  c("RO", "RON", 70_000, 1, "Bucharest|Cluj-Napoca|Iași", "S.R.L.|S.A."),
  c("GR", "EUR", 22_000, 1, "Athens|Thessaloniki", "S.A.|IKE"),
  c("EE", "EUR", 30_000, 1, "Tallinn|Tartu", "OÜ|AS"),
  c("LT", "EUR", 27_000, 1, "Vilnius|Kaunas", "UAB|AB"),
  c("MX", "MXN", 260_000, 2, "Mexico City|Guadalajara|Monterrey", "S.A. de C.V."),
  c("CL", "CLP", 15_000_000, 1, "Santiago|Valparaíso", "SpA|S.A."),
  c("CO", "COP", 45_000_000, 1, "Bogotá|Medellín|Cali", "S.A.S."),
  c("NZ", "NZD", 72_000, 1, "Auckland|Wellington|Christchurch", "Ltd"),
  c("KR", "KRW", 48_000_000, 1, "Seoul|Busan|Incheon", "Co., Ltd."),
  c("CN", "CNY", 180_000, 2, "Shanghai|Beijing|Shenzhen|Hangzhou", "Co., Ltd."),
  c("HK", "HKD", 380_000, 1, "Hong Kong", "Limited"),
  c("AE", "AED", 220_000, 1, "Dubai|Abu Dhabi", "LLC|FZ-LLC"),
  c("IL", "ILS", 240_000, 1, "Tel Aviv|Jerusalem|Haifa", "Ltd"),
  c("ZA", "ZAR", 420_000, 1, "Johannesburg|Cape Town|Durban", "(Pty) Ltd"),
  c("NG", "NGN", 6_000_000, 1, "Lagos|Abuja", "Ltd"),
  c("KE", "KES", 1_500_000, 1, "Nairobi|Mombasa", "Ltd"),
  c("EG", "EGP", 240_000, 1, "Cairo|Alexandria", "S.A.E."),
  c("TR", "TRY", 700_000, 1, "Istanbul|Ankara|Izmir", "A.Ş.|Ltd. Şti."),
  c("PH", "PHP", 600_000, 1, "Manila|Cebu", "Inc."),
  c("VN", "VND", 300_000_000, 1, "Ho Chi Minh City|Hanoi", "JSC|Co., Ltd."),
  c("ID", "IDR", 150_000_000, 1, "Jakarta|Surabaya|Bandung", "PT"),
  c("MY", "MYR", 72_000, 1, "Kuala Lumpur|Penang", "Sdn. Bhd."),
  c("TH", "THB", 600_000, 1, "Bangkok|Chiang Mai", "Co., Ltd."),
];
