import { ExpansionBayScreen } from '../../features/expansion-bay/components/expansion-bay-screen.tsx';

export default ExpansionBayScreen;
