import type { TSiteConfig } from '@ingressos/contracts';
import type { TConfig } from '../config.ts';

export function siteConfig(config: TConfig): TSiteConfig {
  return {
    brandName: config.BRAND_NAME,
    legalName: config.COMPANY_LEGAL_NAME,
    taxId: config.COMPANY_TAX_ID,
    address: config.COMPANY_ADDRESS,
    publicUrl: config.publicUrl,
    supportEmail: config.SUPPORT_EMAIL,
    dpoEmail: config.DPO_EMAIL,
    helpCenterUrl: config.HELP_CENTER_URL,
    producerFormUrl: config.PRODUCER_FORM_URL,
    ethicsChannelUrl: config.ETHICS_CHANNEL_URL,
    whatsappUrl: config.WHATSAPP_URL,
    appStoreUrl: config.APP_STORE_URL,
    playStoreUrl: config.PLAY_STORE_URL,
    social: [
      { name: 'Instagram', url: config.INSTAGRAM_URL },
      { name: 'Facebook', url: config.FACEBOOK_URL },
      { name: 'TikTok', url: config.TIKTOK_URL },
      { name: 'YouTube', url: config.YOUTUBE_URL },
      { name: 'LinkedIn', url: config.LINKEDIN_URL },
    ],
    apiBaseUrl: config.API_BASE_URL,
    apiV1BaseUrl: config.API_V1_BASE_URL,
    checkoutBaseUrl: config.CHECKOUT_BASE_URL,
    biometry: {
      facialGlobal: config.BIOMETRY_FACIAL_GLOBAL,
      requiredOnLogin: config.BIOMETRY_REQUIRED_ON_LOGIN,
      requiredOnRegister: config.BIOMETRY_REQUIRED_ON_REGISTER,
      manualReviewHours: config.BIOMETRY_MANUAL_REVIEW_HOURS,
    },
  };
}

/** The `{{fact}}` placeholders the static pages may use. */
export function pageFacts(site: TSiteConfig): Record<string, string> {
  return {
    brandName: site.brandName,
    legalName: site.legalName,
    taxId: site.taxId,
    address: site.address,
    supportEmail: site.supportEmail,
    dpoEmail: site.dpoEmail,
    whatsappUrl: site.whatsappUrl,
    siteUrl: site.publicUrl,
    helpCenterUrl: site.helpCenterUrl,
    ethicsChannelUrl: site.ethicsChannelUrl,
    producerFormUrl: site.producerFormUrl,
  };
}
