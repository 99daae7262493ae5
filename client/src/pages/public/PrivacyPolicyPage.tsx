import { Container, List, Stack, Text, Title } from '@mantine/core';

const SECTIONS: { title: string; paragraphs: string[]; items?: string[] }[] = [
  {
    title: 'Our commitment',
    paragraphs: [
      'Homeward respects your privacy. We collect, use and disclose personal information in accordance with the Personal Information Protection and Electronic Documents Act (PIPEDA) and the applicable provincial privacy laws of Canada.',
    ],
  },
  {
    title: 'Information we collect',
    paragraphs: [
      'To arrange your mortgage we collect the information you and your mortgage team provide, such as:',
    ],
    items: [
      'your name, phone number, e-mail and address;',
      'employment, income, assets, liabilities and credit information;',
      'the documents you upload for your application;',
      'details of the property, your lawyer and your appraiser.',
    ],
  },
  {
    title: 'How we use it',
    paragraphs: [
      'We use your personal information to assess and submit your mortgage application, to communicate with you, to share it with the lenders, lawyers, appraisers and insurers involved in your file with your consent, and to meet our legal and regulatory obligations.',
    ],
  },
  {
    title: 'Consent',
    paragraphs: [
      'By using Homeward you consent to the collection, use and disclosure of your personal information as described here. You may withdraw your consent at any time, subject to legal or contractual restrictions; doing so may affect our ability to arrange your mortgage.',
    ],
  },
  {
    title: 'Safeguards and retention',
    paragraphs: [
      'We protect personal information with physical, organisational and technological safeguards appropriate to its sensitivity, and we keep it only as long as needed for the purposes above or as required by law.',
    ],
  },
  {
    title: 'Access and correction',
    paragraphs: [
      'You may ask to see the personal information we hold about you and ask for corrections. If you have a concern about how your information is handled, contact our Privacy Officer; you may also contact the Office of the Privacy Commissioner of Canada.',
    ],
  },
];

/** RoutePublicLegalPrivacyPolicy. */
export function PrivacyPolicyPage() {
  return (
    <Container size="md" py={{ base: 40, sm: 64 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} c="navy.9">
            Privacy Policy
          </Title>
          <Text c="dimmed" size="sm">
            Last updated: January 2020
          </Text>
        </Stack>
        {SECTIONS.map((section) => (
          <Stack key={section.title} gap="xs">
            <Title order={2} fz="lg" c="navy.8">
              {section.title}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} c="gray.8">
                {paragraph}
              </Text>
            ))}
            {section.items && (
              <List spacing={4} c="gray.8">
                {section.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
