import {
  IconApps,
  IconArticle,
  IconBookStroked,
  IconBriefcase,
  IconCheckList,
  IconComment,
  IconCommentStroked,
  IconCreditCard,
  IconCustomerSupport,
  IconFolder,
  IconGridView,
  IconHistogram,
  IconHome,
  IconList,
  IconServer,
  IconSetting,
  IconShareStroked,
  IconUser,
  IconUserGroup,
} from '@flotilla/shared/ui/semi';

type IconComponent = typeof IconApps;

/** Icons the server menu may name (`icon: 'IconComment'`); anything else gets {@link FALLBACK_ICON}. */
const MENU_ICONS: Record<string, IconComponent> = {
  IconApps,
  IconArticle,
  IconBookStroked,
  IconBriefcase,
  IconCheckList,
  IconComment,
  IconCommentStroked,
  IconCreditCard,
  IconCustomerSupport,
  IconFolder,
  IconGridView,
  IconHistogram,
  IconHome,
  IconList,
  IconServer,
  IconSetting,
  IconShareStroked,
  IconUser,
  IconUserGroup,
};

export const FALLBACK_ICON: IconComponent = IconApps;

export function menuIcon(name: string | undefined): IconComponent {
  return (name && MENU_ICONS[name]) || FALLBACK_ICON;
}
