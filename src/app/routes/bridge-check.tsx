import { BridgeCheckScreen } from '../../features/bridge-check/components/bridge-check-screen.tsx';

export default BridgeCheckScreen;
