import type { CarCatalogue } from '../kit/sale/sale';

/**
 * The car price list casco sells by, as the insurer keeps it (seeded into the tables of migration
 * 020; README.md "Car catalogue"): brands sold in Uzbekistan, their common models and positions
 * (trims), each with the price of a new car in millions of UZS. The NEO list of January–February
 * 2026 (docs/insurance-facts.md §6) gives Chevrolet, BYD, KIA, Hyundai, Chery, Haval and the
 * Lada, Renault, Toyota, Changan and Jetour models it names; the other brands and trims are this
 * shop's sandbox figures, near their 2026 dealer prices in Tashkent.
 *
 * Ids are hierarchical and fixed: a model's id is its brand's × 100 + n, a position's its model's ×
 * 100 + n. A saved contract names the position it was priced by, so an id is never reused; a new
 * trim takes the next free number. Brands come in the order the market buys them (Chevrolet first).
 */
type Trim = [id: number, name: string, millions: number];
type Model = [id: number, name: string, trims: Trim[]];
type Brand = [id: number, name: string, models: Model[]];

const brands: Brand[] = [
  [1, 'Chevrolet', [
    [101, 'Spark', [[10101, '1.25 MT', 122.5], [10102, '1.25 AT', 145]]],
    [102, 'Nexia 3', [[10201, '1.5 MT', 145], [10202, '1.5 AT', 165]]],
    [103, 'Cobalt', [[10301, '1.5 LS MT', 138], [10302, '1.5 LTZ AT', 150], [10303, 'GS-Style AT Plus', 150], [10304, 'Midnight AT', 155.2]]],
    [104, 'Lacetti', [[10401, '1.5 MT', 165], [10402, 'L-Style AT Plus', 200]]],
    [105, 'Onix', [[10501, 'LS MT', 161.9], [10502, 'LT AT', 180.4], [10503, 'LTZ AT', 192.5], [10504, 'Premier 1 Turbo AT', 198.7], [10505, 'Premier 2 Turbo AT', 204.6], [10506, 'Redline', 215.6]]],
    [106, 'Tracker 2', [[10601, 'LS', 216], [10602, 'LT', 222.3], [10603, 'LTZ Plus', 229.1], [10604, 'Premier Plus', 252.7], [10605, 'Redline', 260.5]]],
    [107, 'Monza', [[10701, '1.5', 250], [10702, '1.3T', 265]]],
    [108, 'Malibu 2', [[10801, '1.5T LT', 346], [10802, '1.5T LTZ', 378], [10803, 'XL LTZ 2.0T', 419]]],
    [109, 'Captiva 5', [[10901, 'LT1', 284.9], [10902, 'LT2', 304.9], [10903, 'Premier', 334.9]]],
    [110, 'Equinox', [[11001, '1LT FWD', 383.5], [11002, '1LT AWD', 416], [11003, '3LT AWD', 447.5]]],
    [111, 'Trailblazer', [[11101, 'RS', 350]]],
    [112, 'Traverse', [[11201, 'Premier', 657.7]]],
    [113, 'Tahoe', [[11301, 'LT', 1109], [11302, 'High Country', 1464.5]]],
    [114, 'Damas', [[11401, 'D2DLX Style Plus', 96.9]]],
    [115, 'Labo', [[11501, 'Cargo', 96.4]]],
  ]],
  [2, 'BYD', [
    [201, 'Seagull', [[20101, 'Freedom', 200], [20102, 'Flying', 220]]],
    [202, 'E2', [[20201, 'Comfort', 235]]],
    [203, 'Yuan Pro', [[20301, 'Comfort', 240]]],
    [204, 'Yuan Up', [[20401, 'Flagship', 265]]],
    [205, 'Chazor DM-i', [[20501, 'Honor', 273.9], [20502, 'Flagship', 315.2]]],
    [206, 'Yuan Plus', [[20601, 'Flagship', 320]]],
    [207, 'Song Pro DM-i', [[20701, 'Honor', 321.8], [20702, 'Flagship', 359.8]]],
    [208, 'Song L', [[20801, 'Standard', 336.5], [20802, 'AWD', 428]]],
    [209, 'Song Plus DM-i', [[20901, 'Honor', 367.7], [20902, 'Flagship', 409.7]]],
    [210, 'Seal', [[21001, 'RWD', 450], [21002, 'AWD', 550]]],
    [211, 'Sealion 7', [[21101, 'Comfort', 451], [21102, 'Excellence', 503]]],
    [212, 'Han', [[21201, 'DM-i', 480.6], [21202, 'EV AWD', 613.6]]],
    [213, 'Tang', [[21301, 'DM-i', 500], [21302, 'DM-p AWD', 580]]],
  ]],
  [3, 'KIA', [
    [301, 'Sonet', [[30101, 'Classic', 199.9], [30102, 'Prestige', 249.9]]],
    [302, 'Bongo', [[30201, 'Single cab', 279.9], [30202, 'Double cab', 314.9]]],
    [303, 'Carens', [[30301, 'Comfort', 314.9], [30302, 'Prestige', 419.9]]],
    [304, 'Cerato', [[30401, 'Comfort', 317.9], [30402, 'Prestige', 399.9]]],
    [305, 'Seltos', [[30501, 'Comfort', 359.9], [30502, 'Prestige', 449.9]]],
    [306, 'K5', [[30601, 'Comfort', 379.9], [30602, 'Prestige', 459.9], [30603, 'GT-Line', 539.9]]],
    [307, 'Sportage', [[30701, 'Comfort', 454.9], [30702, 'Prestige', 539.9], [30703, 'GT-Line', 619.9]]],
    [308, 'Carnival', [[30801, 'Prestige', 519.9], [30802, 'Premium', 741.9]]],
    [309, 'Sorento', [[30901, 'Prestige', 636.9], [30902, 'Premium', 771.9]]],
  ]],
  [4, 'Hyundai', [
    [401, 'Creta', [[40101, 'Active', 296], [40102, 'Style', 349], [40103, 'Premium', 409]]],
    [402, 'i30', [[40201, 'Comfort', 298], [40202, 'Premium', 344]]],
    [403, 'Elantra', [[40301, '2.0 Premium', 340]]],
    [404, 'Tucson', [[40401, 'Comfort', 400], [40402, 'Premium', 499]]],
    [405, 'Sonata', [[40501, '2.5 Premium', 478]]],
    [406, 'Santa Fe', [[40601, 'Comfort', 674], [40602, 'Premium', 755]]],
    [407, 'Staria', [[40701, 'Lounge', 764]]],
    [408, 'Palisade', [[40801, 'Calligraphy', 885]]],
  ]],
  [5, 'Chery', [
    [501, 'Arrizo 6 Pro', [[50101, 'Comfort', 214], [50102, 'Luxury', 254.9]]],
    [502, 'Tiggo 4 Pro', [[50201, 'Comfort', 239.9], [50202, 'Luxury', 269.9]]],
    [503, 'Tiggo 7 Pro', [[50301, 'Comfort', 329.9], [50302, 'Luxury', 369.9]]],
    [504, 'Tiggo 8 Pro', [[50401, 'Comfort', 376.9], [50402, 'Luxury', 439.9]]],
    [505, 'Tiggo 8 Pro Max', [[50501, 'AWD', 509.9]]],
  ]],
  [6, 'Haval', [
    [601, 'M6', [[60101, 'Comfort', 249.9], [60102, 'Premium', 279.9]]],
    [602, 'Jolion', [[60201, 'Comfort', 279.9], [60202, 'Tech Plus', 329.9]]],
    [603, 'H6', [[60301, 'Comfort', 324.9], [60302, 'Tech Plus', 389.9]]],
    [604, 'Dargo', [[60401, 'Comfort', 399.9], [60402, 'Tech Plus', 429.9]]],
    [605, 'H9', [[60501, 'Comfort', 534.9], [60502, 'Premium', 569.9]]],
  ]],
  [7, 'Lada', [
    [701, 'Granta', [[70101, 'Classic', 112], [70102, 'Comfort', 124]]],
    [702, 'Niva Legend', [[70201, 'Classic', 128]]],
    [703, 'Vesta', [[70301, 'Comfort', 142], [70302, 'Cross', 157]]],
    [704, 'Largus', [[70401, 'Comfort', 149]]],
    [705, 'Niva Travel', [[70501, 'Comfort', 165]]],
  ]],
  [8, 'Renault', [
    [801, 'Duster', [[80101, 'Life MT', 251], [80102, 'Drive AT', 279], [80103, 'Style 4WD', 306.7]]],
    [802, 'Arkana', [[80201, 'Style', 329]]],
  ]],
  [9, 'Toyota', [
    [901, 'Corolla', [[90101, '1.6 Classic', 300], [90102, '1.8 Hybrid', 345]]],
    [902, 'Camry', [[90201, '2.5 Prestige', 566], [90202, '3.5 Luxury', 690]]],
    [903, 'RAV4', [[90301, '2.0 Comfort', 560], [90302, '2.5 Hybrid', 640]]],
    [904, 'Land Cruiser Prado', [[90401, '2.8 Prestige', 1150]]],
    [905, 'Land Cruiser 300', [[90501, '3.5 Luxury', 1890]]],
  ]],
  [10, 'Changan', [
    [1001, 'Alsvin', [[100101, 'Comfort', 205]]],
    [1002, 'Eado Plus', [[100201, 'Luxury', 259]]],
    [1003, 'CS35 Plus', [[100301, 'Luxury', 270]]],
    [1004, 'UNI-V', [[100401, 'Luxury', 370]]],
    [1005, 'CS55 Plus', [[100501, 'Luxury', 390]]],
    [1006, 'UNI-K', [[100601, 'AWD', 520]]],
  ]],
  [11, 'Jetour', [
    [1101, 'X70 Plus', [[110101, 'Comfort', 321.2]]],
    [1102, 'Dashing', [[110201, 'Luxury', 390]]],
    [1103, 'X90 Plus', [[110301, 'Luxury', 430]]],
    [1104, 'T2', [[110401, 'AWD', 520]]],
  ]],
  [12, 'Geely', [
    [1201, 'Emgrand', [[120101, 'Comfort', 220], [120102, 'Flagship', 245]]],
    [1202, 'Coolray', [[120201, 'Comfort', 299], [120202, 'Flagship', 335]]],
    [1203, 'Atlas', [[120301, 'Comfort', 420], [120302, 'Flagship', 465]]],
    [1204, 'Monjaro', [[120401, 'Flagship AWD', 560]]],
    [1205, 'Tugella', [[120501, 'Flagship AWD', 575]]],
  ]],
  [13, 'Omoda', [
    [1301, 'S5', [[130101, 'Comfort', 232]]],
    [1302, 'C5', [[130201, 'Comfort', 289], [130202, 'Ultimate', 325]]],
  ]],
  [14, 'Exeed', [
    [1401, 'LX', [[140101, 'Premium', 380]]],
    [1402, 'TXL', [[140201, 'Premium', 460]]],
    [1403, 'RX', [[140301, 'Premium', 560]]],
    [1404, 'VX', [[140401, 'President', 620]]],
  ]],
  [15, 'Tank', [
    [1501, '300', [[150101, 'City', 690]]],
    [1502, '500', [[150201, 'Luxury', 1050]]],
  ]],
  [16, 'JAC', [
    [1601, 'J7', [[160101, 'Comfort', 240]]],
    [1602, 'JS4', [[160201, 'Luxury', 262]]],
    [1603, 'T8 Pro', [[160301, 'Double cab', 330]]],
  ]],
  [17, 'Leapmotor', [
    [1701, 'T03', [[170101, 'Standard', 189]]],
    [1702, 'C10', [[170201, 'REEV', 440]]],
    [1703, 'C11', [[170301, 'REEV', 470]]],
  ]],
  [18, 'Li Auto', [
    [1801, 'L6', [[180101, 'Pro', 560], [180102, 'Max', 615]]],
    [1802, 'L7', [[180201, 'Pro', 680], [180202, 'Max', 735]]],
    [1803, 'L8', [[180301, 'Max', 760]]],
    [1804, 'L9', [[180401, 'Ultra', 900]]],
  ]],
  [19, 'Zeekr', [
    [1901, 'X', [[190101, 'AWD', 480]]],
    [1902, '007', [[190201, 'RWD', 560]]],
    [1903, '7X', [[190301, 'AWD', 690]]],
    [1904, '001', [[190401, 'AWD', 720]]],
  ]],
  [20, 'Volkswagen', [
    [2001, 'ID.4', [[200101, 'Crozz Pro', 420]]],
    [2002, 'ID.6', [[200201, 'Crozz Pro', 480]]],
  ]],
  [21, 'Mercedes-Benz', [
    [2101, 'C-Class', [[210101, 'C 200', 905]]],
    [2102, 'GLC', [[210201, 'GLC 300 4MATIC', 1220]]],
    [2103, 'E-Class', [[210301, 'E 300', 1310]]],
    [2104, 'GLE', [[210401, 'GLE 450 4MATIC', 1750]]],
  ]],
];

/** Millions of UZS as whole UZS (`122.5` → `122 500 000`), without the float's dust. */
const uzs = (millions: number): number => Math.round(millions * 10) * 100_000;

/** The seeded price list, as the catalogue call answers it. */
export const carCatalogue: CarCatalogue = {
  brands: brands.map(([id, name]) => ({ id, name })),
  models: brands.flatMap(([brand, , models]) => models.map(([id, name]) => ({ id, brand_id: brand, name }))),
  positions: brands.flatMap(([, , models]) => models.flatMap(([model, , trims]) => trims.map(([id, name, millions]) => ({ id, model_id: model, name, price: uzs(millions) })))),
};
