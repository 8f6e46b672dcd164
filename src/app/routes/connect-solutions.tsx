import { ConnectSolutionsScreen } from '../../features/guides/components/connect-solutions-screen.tsx';

export default ConnectSolutionsScreen;
