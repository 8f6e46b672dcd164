import { BindDetailScreen } from '../../features/google-home/components/bind-detail-screen.tsx';

export default BindDetailScreen;
