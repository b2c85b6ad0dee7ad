import { publicPasswordContract } from '@app/contract';
import { areaClient } from '../../api/tsr';

export const passwordClient = areaClient({ publicPassword: publicPasswordContract });
