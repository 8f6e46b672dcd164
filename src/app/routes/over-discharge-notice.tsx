import { OverDischargeScreen } from '../../features/guides/components/over-discharge-screen.tsx';

export default OverDischargeScreen;
