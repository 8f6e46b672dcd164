import { IntegrationInfoScreen } from '../../features/google-home/components/integration-info-screen.tsx';

export default IntegrationInfoScreen;
