/** What the pages need to know about the deployment (footer facts, links, API bases). */
export type TSiteConfig = {
  brandName: string;
  legalName: string;
  taxId: string;
  address: string;
  publicUrl: string;
  supportEmail: string;
  dpoEmail: string;
  helpCenterUrl: string;
  producerFormUrl: string;
  ethicsChannelUrl: string;
  whatsappUrl: string;
  appStoreUrl: string;
  playStoreUrl: string;
  social: { name: 'Instagram' | 'Facebook' | 'TikTok' | 'YouTube' | 'LinkedIn'; url: string }[];
  /** Base URLs of the three API hosts of the spec; empty means this origin. */
  apiBaseUrl: string;
  apiV1BaseUrl: string;
  checkoutBaseUrl: string;
  /** Facial biometry (accounts §4): the global flags and the manual review's return time. */
  biometry: {
    facialGlobal: boolean;
    requiredOnLogin: boolean;
    requiredOnRegister: boolean;
    manualReviewHours: number;
  };
};
