import { Link } from 'wouter';
import { TextAreaField, TextField } from '../../../client/components/ui/form';
import { useSchemaForm } from '../../../client/components/ui/use-schema-form';
import { toast } from '../../../client/components/ui/toast-store';
import { LEGAL_PAGES, LEGAL_PAGE_NAMES, PROMO_TEXT_MAX, siteSettingsFormSchema, type Settings } from '../settings.schema';
import { useSaveSettings } from './api/save-settings';
import { messageOf } from './components/errors';
import { SaveButton } from './components/save-button';
import { SettingsPart, WithSettings } from './components/sub-tabs';

function SiteSettingsForm({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const { field, handleSubmit, reset } = useSchemaForm(siteSettingsFormSchema, {
    promoText: settings.promoText,
    promoEndsOn: settings.promoEndsOn ?? '',
    privacyPolicy: settings.privacyPolicy,
    termsOfService: settings.termsOfService,
    cookiePolicy: settings.cookiePolicy,
  });
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset({ ...values, promoEndsOn: saved.promoEndsOn ?? '' });
        toast({ title: 'Settings Updated', description: 'The promo and the pages are saved; visitors see them now.' });
      },
      onError: (error) => toast({ title: 'Error', description: `Failed to save settings: ${messageOf(error)}`, variant: 'destructive' }),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Promo and pages" className="grid max-w-3xl gap-8">
      <SettingsPart id="site-promo-heading" title="Promo sticker">
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <TextField label="Text" optional autoComplete="off" maxLength={PROMO_TEXT_MAX} {...field('promoText')} />
          <TextField label="Last day" optional type="date" {...field('promoEndsOn')} />
        </div>
        <p className="mt-2 text-sm text-ink-soft">Shown on the workshop card and the intro page through its last day (UTC). Empty text hides it.</p>
      </SettingsPart>
      <SettingsPart id="site-pages-heading" title="Footer pages">
        <p className="mb-4 text-sm text-ink-soft">
          Markdown: # headings, **bold**, lists and [links](https://…). Linked from every page&apos;s footer.
        </p>
        <div className="grid gap-6">
          {LEGAL_PAGE_NAMES.map((page) => {
            const { title, path, field: name } = LEGAL_PAGES[page];
            return (
              <div key={page}>
                <TextAreaField label={title} rows={8} {...field(name)} />
                <Link href={path} className="mt-1 inline-flex min-h-11 items-center text-sm font-bold underline">
                  View {title.toLowerCase()}
                </Link>
              </div>
            );
          })}
        </div>
      </SettingsPart>
      <SaveButton pending={save.isPending} />
    </form>
  );
}

/** Content → Promo & Pages: the landing page's promo sticker and the footer's legal pages. */
export default function SiteSettingsTab() {
  return <WithSettings>{(settings) => <SiteSettingsForm settings={settings} />}</WithSettings>;
}
