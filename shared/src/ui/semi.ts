// The Semi Design components and icons the apps use, each imported from its own module.
// Semi reaches the shell and the remotes only through this module (`@flotilla/shared/ui/semi`), which
// is a federation singleton: one copy of each component at run time, sharing one locale and config
// context, and only the components listed here are downloaded. The package's root entry would bring
// the whole library (every component, icon, lottie, the rich-text editor…) as one shared chunk.
// Semi's Form, which imports every field type (DatePicker with date-fns, Cascader, Upload…), is apart in
// `@flotilla/shared/ui/semi-forms`, so a screen without a form does not download it.
// A component or icon an app needs for the first time is added here (and the shell rebuilt).
import '@douyinfe/semi-ui/lib/es/_base/base.css';

export { default as Avatar } from '@douyinfe/semi-ui/lib/es/avatar';
export { default as Banner } from '@douyinfe/semi-ui/lib/es/banner';
export { default as Button } from '@douyinfe/semi-ui/lib/es/button';
export { default as Card } from '@douyinfe/semi-ui/lib/es/card';
export { default as Checkbox } from '@douyinfe/semi-ui/lib/es/checkbox';
export { default as CheckboxGroup } from '@douyinfe/semi-ui/lib/es/checkbox/checkboxGroup';
export { default as Descriptions } from '@douyinfe/semi-ui/lib/es/descriptions';
export { default as Dropdown } from '@douyinfe/semi-ui/lib/es/dropdown';
export { default as Empty } from '@douyinfe/semi-ui/lib/es/empty';
export { default as Input } from '@douyinfe/semi-ui/lib/es/input';
export { default as InputNumber } from '@douyinfe/semi-ui/lib/es/inputNumber';
export { Layout } from '@douyinfe/semi-ui/lib/es/layout';
export { default as List } from '@douyinfe/semi-ui/lib/es/list';
export { default as LocaleProvider } from '@douyinfe/semi-ui/lib/es/locale/localeProvider';
export { default as Modal } from '@douyinfe/semi-ui/lib/es/modal';
export { default as Nav } from '@douyinfe/semi-ui/lib/es/navigation';
export { default as Notification } from '@douyinfe/semi-ui/lib/es/notification';
export { default as Pagination } from '@douyinfe/semi-ui/lib/es/pagination';
export { default as Popconfirm } from '@douyinfe/semi-ui/lib/es/popconfirm';
export { default as Progress } from '@douyinfe/semi-ui/lib/es/progress';
export { default as Radio } from '@douyinfe/semi-ui/lib/es/radio';
export { default as RadioGroup } from '@douyinfe/semi-ui/lib/es/radio/radioGroup';
export { default as Select } from '@douyinfe/semi-ui/lib/es/select';
export { default as SideSheet } from '@douyinfe/semi-ui/lib/es/sideSheet';
export { default as Space } from '@douyinfe/semi-ui/lib/es/space';
export { default as Spin } from '@douyinfe/semi-ui/lib/es/spin';
export { default as Switch } from '@douyinfe/semi-ui/lib/es/switch';
export { default as TabPane } from '@douyinfe/semi-ui/lib/es/tabs/TabPane';
export { default as Table } from '@douyinfe/semi-ui/lib/es/table';
export { default as Tabs } from '@douyinfe/semi-ui/lib/es/tabs';
export { default as Tag } from '@douyinfe/semi-ui/lib/es/tag';
export { default as TagInput } from '@douyinfe/semi-ui/lib/es/tagInput';
export { default as TextArea } from '@douyinfe/semi-ui/lib/es/input/textarea';
export { default as Toast } from '@douyinfe/semi-ui/lib/es/toast';
export { default as Tooltip } from '@douyinfe/semi-ui/lib/es/tooltip';
export { default as Tree } from '@douyinfe/semi-ui/lib/es/tree';
export { default as Typography } from '@douyinfe/semi-ui/lib/es/typography';

export type { SelectProps } from '@douyinfe/semi-ui/lib/es/select';
export type { ColumnProps, TableProps } from '@douyinfe/semi-ui/lib/es/table';
export type { TagColor } from '@douyinfe/semi-ui/lib/es/tag/interface';
export type { TreeNodeData } from '@douyinfe/semi-ui/lib/es/tree';

export { default as IconApps } from '@douyinfe/semi-icons/lib/es/icons/IconApps';
export { default as IconArrowLeft } from '@douyinfe/semi-icons/lib/es/icons/IconArrowLeft';
export { default as IconArticle } from '@douyinfe/semi-icons/lib/es/icons/IconArticle';
export { default as IconBell } from '@douyinfe/semi-icons/lib/es/icons/IconBell';
export { default as IconBookStroked } from '@douyinfe/semi-icons/lib/es/icons/IconBookStroked';
export { default as IconBriefcase } from '@douyinfe/semi-icons/lib/es/icons/IconBriefcase';
export { default as IconCheckList } from '@douyinfe/semi-icons/lib/es/icons/IconCheckList';
export { default as IconClose } from '@douyinfe/semi-icons/lib/es/icons/IconClose';
export { default as IconComment } from '@douyinfe/semi-icons/lib/es/icons/IconComment';
export { default as IconCommentStroked } from '@douyinfe/semi-icons/lib/es/icons/IconCommentStroked';
export { default as IconCopy } from '@douyinfe/semi-icons/lib/es/icons/IconCopy';
export { default as IconCopyAdd } from '@douyinfe/semi-icons/lib/es/icons/IconCopyAdd';
export { default as IconCreditCard } from '@douyinfe/semi-icons/lib/es/icons/IconCreditCard';
export { default as IconCustomerSupport } from '@douyinfe/semi-icons/lib/es/icons/IconCustomerSupport';
export { default as IconDelete } from '@douyinfe/semi-icons/lib/es/icons/IconDelete';
export { default as IconDislikeThumb } from '@douyinfe/semi-icons/lib/es/icons/IconDislikeThumb';
export { default as IconDownload } from '@douyinfe/semi-icons/lib/es/icons/IconDownload';
export { default as IconEdit } from '@douyinfe/semi-icons/lib/es/icons/IconEdit';
export { default as IconExit } from '@douyinfe/semi-icons/lib/es/icons/IconExit';
export { default as IconEyeOpened } from '@douyinfe/semi-icons/lib/es/icons/IconEyeOpened';
export { default as IconFile } from '@douyinfe/semi-icons/lib/es/icons/IconFile';
export { default as IconFolder } from '@douyinfe/semi-icons/lib/es/icons/IconFolder';
export { default as IconFolderOpen } from '@douyinfe/semi-icons/lib/es/icons/IconFolderOpen';
export { default as IconGridView } from '@douyinfe/semi-icons/lib/es/icons/IconGridView';
export { default as IconHistogram } from '@douyinfe/semi-icons/lib/es/icons/IconHistogram';
export { default as IconHome } from '@douyinfe/semi-icons/lib/es/icons/IconHome';
export { default as IconKey } from '@douyinfe/semi-icons/lib/es/icons/IconKey';
export { default as IconLanguage } from '@douyinfe/semi-icons/lib/es/icons/IconLanguage';
export { default as IconLikeThumb } from '@douyinfe/semi-icons/lib/es/icons/IconLikeThumb';
export { default as IconList } from '@douyinfe/semi-icons/lib/es/icons/IconList';
export { default as IconMoon } from '@douyinfe/semi-icons/lib/es/icons/IconMoon';
export { default as IconMore } from '@douyinfe/semi-icons/lib/es/icons/IconMore';
export { default as IconPause } from '@douyinfe/semi-icons/lib/es/icons/IconPause';
export { default as IconPlay } from '@douyinfe/semi-icons/lib/es/icons/IconPlay';
export { default as IconPlus } from '@douyinfe/semi-icons/lib/es/icons/IconPlus';
export { default as IconPriceTag } from '@douyinfe/semi-icons/lib/es/icons/IconPriceTag';
export { default as IconRefresh } from '@douyinfe/semi-icons/lib/es/icons/IconRefresh';
export { default as IconSearch } from '@douyinfe/semi-icons/lib/es/icons/IconSearch';
export { default as IconServer } from '@douyinfe/semi-icons/lib/es/icons/IconServer';
export { default as IconSetting } from '@douyinfe/semi-icons/lib/es/icons/IconSetting';
export { default as IconShareStroked } from '@douyinfe/semi-icons/lib/es/icons/IconShareStroked';
export { default as IconSun } from '@douyinfe/semi-icons/lib/es/icons/IconSun';
export { default as IconUpload } from '@douyinfe/semi-icons/lib/es/icons/IconUpload';
export { default as IconUser } from '@douyinfe/semi-icons/lib/es/icons/IconUser';
export { default as IconUserGroup } from '@douyinfe/semi-icons/lib/es/icons/IconUserGroup';
