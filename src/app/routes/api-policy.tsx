import { ApiPolicyScreen } from '../../features/api-policy/components/api-policy-screen.tsx';

export default ApiPolicyScreen;
