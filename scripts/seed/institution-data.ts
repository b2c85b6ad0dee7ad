import type { Address } from '@app/contract';

type Seed = {
  name: string;
  abbreviation: string;
  type: 'Community College' | 'College/University' | 'Business';
  ownership: 'Public' | 'Private';
  religiousAffiliation: string;
  financialModel: string;
  website: string;
  population: string;
  address: Address;
};

const us = (street1: string, city: string, state: string, postalCode: string): Address => ({ street1, street2: null, city, state, postalCode, country: 'US' });
const ca = (street1: string, city: string, state: string, postalCode: string): Address => ({ street1, street2: null, city, state, postalCode, country: 'CA' });

/** A realistic starting set for demos: public and private, religious and secular, US and Canada. */
export const INSTITUTIONS: Seed[] = [
  { name: 'Ohio State University', abbreviation: 'OSU', type: 'College/University', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.osu.edu', population: '61000', address: us('281 W Lane Ave', 'Columbus', 'OH', '43210') },
  { name: 'University of Michigan', abbreviation: 'UMICH', type: 'College/University', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://umich.edu', population: '51000', address: us('500 S State St', 'Ann Arbor', 'MI', '48109') },
  { name: 'Fordham University', abbreviation: 'FU', type: 'College/University', ownership: 'Private', religiousAffiliation: 'Jesuit', financialModel: 'Non-Profit', website: 'https://www.fordham.edu', population: '16000', address: us('441 E Fordham Rd', 'Bronx', 'NY', '10458') },
  { name: 'University of Notre Dame', abbreviation: 'ND', type: 'College/University', ownership: 'Private', religiousAffiliation: 'Catholic', financialModel: 'Non-Profit', website: 'https://www.nd.edu', population: '13000', address: us('400 Main Building', 'Notre Dame', 'IN', '46556') },
  { name: 'Brigham Young University', abbreviation: 'BYU', type: 'College/University', ownership: 'Private', religiousAffiliation: 'Mormon', financialModel: 'Non-Profit', website: 'https://www.byu.edu', population: '34000', address: us('Campus Dr', 'Provo', 'UT', '84602') },
  { name: 'Yeshiva University', abbreviation: 'YU', type: 'College/University', ownership: 'Private', religiousAffiliation: 'Jewish', financialModel: 'Non-Profit', website: 'https://www.yu.edu', population: '5000', address: us('500 W 185th St', 'New York', 'NY', '10033') },
  { name: 'Goshen College', abbreviation: 'GC', type: 'College/University', ownership: 'Private', religiousAffiliation: 'Mennonite', financialModel: 'Non-Profit', website: 'https://www.goshen.edu', population: '900', address: us('1700 S Main St', 'Goshen', 'IN', '46526') },
  { name: 'Baylor University', abbreviation: 'BU', type: 'College/University', ownership: 'Private', religiousAffiliation: 'Protestant', financialModel: 'Non-Profit', website: 'https://www.baylor.edu', population: '20000', address: us('1301 S University Parks Dr', 'Waco', 'TX', '76798') },
  { name: 'University of Texas at Austin', abbreviation: 'UTA', type: 'College/University', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.utexas.edu', population: '52000', address: us('110 Inner Campus Dr', 'Austin', 'TX', '78712') },
  { name: 'University of Florida', abbreviation: 'UF', type: 'College/University', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.ufl.edu', population: '55000', address: us('300 SW 13th St', 'Gainesville', 'FL', '32611') },
  { name: 'Arizona State University', abbreviation: 'ASU', type: 'College/University', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.asu.edu', population: '79000', address: us('1151 S Forest Ave', 'Tempe', 'AZ', '85281') },
  { name: 'Boston College', abbreviation: 'BC', type: 'College/University', ownership: 'Private', religiousAffiliation: 'Jesuit', financialModel: 'Non-Profit', website: 'https://www.bc.edu', population: '15000', address: us('140 Commonwealth Ave', 'Chestnut Hill', 'MA', '02467') },
  { name: 'Villanova University', abbreviation: 'VU', type: 'College/University', ownership: 'Private', religiousAffiliation: 'Catholic', financialModel: 'Non-Profit', website: 'https://www.villanova.edu', population: '11000', address: us('800 E Lancaster Ave', 'Villanova', 'PA', '19085') },
  { name: 'Spelman College', abbreviation: 'SPEL', type: 'College/University', ownership: 'Private', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.spelman.edu', population: '2400', address: us('350 Spelman Ln SW', 'Atlanta', 'GA', '30314') },
  { name: 'Santa Monica College', abbreviation: 'SMC', type: 'Community College', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.smc.edu', population: '30000', address: us('1900 Pico Blvd', 'Santa Monica', 'CA', '90405') },
  { name: 'Miami Dade College', abbreviation: 'MDC', type: 'Community College', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.mdc.edu', population: '100000', address: us('300 NE 2nd Ave', 'Miami', 'FL', '33132') },
  { name: 'Valencia College', abbreviation: 'VC', type: 'Community College', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://valenciacollege.edu', population: '45000', address: us('1800 S Kirkman Rd', 'Orlando', 'FL', '32811') },
  { name: 'Austin Community College', abbreviation: 'ACC', type: 'Community College', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.austincc.edu', population: '41000', address: us('6101 Highland Campus Dr', 'Austin', 'TX', '78752') },
  { name: 'Northern Virginia Community College', abbreviation: 'NOVA', type: 'Community College', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.nvcc.edu', population: '51000', address: us('4001 Wakefield Chapel Rd', 'Annandale', 'VA', '22003') },
  { name: 'Babson College', abbreviation: 'BAB', type: 'Business', ownership: 'Private', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.babson.edu', population: '3900', address: us('231 Forest St', 'Wellesley', 'MA', '02457') },
  { name: 'Bentley University', abbreviation: 'BENT', type: 'Business', ownership: 'Private', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.bentley.edu', population: '5300', address: us('175 Forest St', 'Waltham', 'MA', '02452') },
  { name: 'Strayer University', abbreviation: 'STRAY', type: 'Business', ownership: 'Private', religiousAffiliation: 'None', financialModel: 'Profit', website: 'https://www.strayer.edu', population: '40000', address: us('2303 Dulles Station Blvd', 'Herndon', 'VA', '20171') },
  { name: 'University of Toronto', abbreviation: 'UOFT', type: 'College/University', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.utoronto.ca', population: '97000', address: ca('27 Kings College Cir', 'Toronto', 'ON', 'M5S 1A1') },
  { name: 'McGill University', abbreviation: 'MCG', type: 'College/University', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://www.mcgill.ca', population: '40000', address: ca('845 Sherbrooke St W', 'Montreal', 'QC', 'H3A 0G4') },
  { name: 'Humber College', abbreviation: 'HUM', type: 'Community College', ownership: 'Public', religiousAffiliation: 'None', financialModel: 'Non-Profit', website: 'https://humber.ca', population: '33000', address: ca('205 Humber College Blvd', 'Toronto', 'ON', 'M9W 5L7') },
  { name: 'Trinity Western University', abbreviation: 'TWU', type: 'College/University', ownership: 'Private', religiousAffiliation: 'Protestant', financialModel: 'Non-Profit', website: 'https://www.twu.ca', population: '5000', address: ca('22500 University Dr', 'Langley', 'BC', 'V2Y 1Y1') },
];
