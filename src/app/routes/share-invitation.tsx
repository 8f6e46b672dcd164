import { ShareInvitationScreen } from '../../features/sharing/components/share-invitation-screen.tsx';

export default ShareInvitationScreen;
