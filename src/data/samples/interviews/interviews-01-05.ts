import type { DemoDocument } from '../types.js';

export const INTERVIEWS_01_05: readonly DemoDocument[] = [
  {
    id: 'interview-01-flood',
    kind: 'interview',
    title: 'Two weeks after the Millbrook River flood, a mayor on what comes next',
    intendedFraming: 'negative',
    turn: 'positive-to-negative',
    text: `HOST: It has been two weeks since the Millbrook River crested nearly eleven feet above flood stage, swamping the downtown of Harlan Falls and hundreds of homes along its banks. Mayor Delia Okafor joins us now from City Hall, which itself had water in the basement. Mayor, thank you for making the time.

MAYOR OKAFOR: Thank you for having me. And yes, our basement is still drying out, but we are open for business upstairs.

HOST: Let's start with where things stand today. What does the town look like this morning?

MAYOR OKAFOR: Honestly, it looks a great deal better than I feared it would. The water is fully out of the downtown. Main Street reopened to traffic on Tuesday. Power has been restored to every address that can safely receive it, and the water treatment plant, which we were very worried about, came back online after four days. Our last emergency shelter at the high school closed on Sunday because everyone there had found somewhere to stay, with family, in hotels, or back in their own homes.

HOST: That's a fast turnaround.

MAYOR OKAFOR: It is, and I want to give credit where it belongs. We had more than 1,800 volunteers register in the first week, in a town of 14,000 people. Church groups, the high school football team, a crew of electricians from two counties over who drove in on their own dime. The county and the state moved quickly on debris removal. People have been extraordinary. I have never been prouder of this community.

HOST: Let's talk about the damage, though. How many homes were affected?

MAYOR OKAFOR: Our current count is 612 homes with water above the first floor, and about 90 businesses. Of those homes, our inspectors have so far tagged 143 as substantially damaged, which under federal rules means repairs would cost more than half the value of the building.

HOST: What does that designation mean for the families in those homes?

MAYOR OKAFOR: This is where the story gets harder. If a home is substantially damaged and it sits in the floodplain, it cannot simply be repaired as it was. It has to be elevated or rebuilt to current flood standards, and that can cost anywhere from $80,000 to well over $150,000. Many of these are older homes, often owned by retirees or by families who bought them precisely because they were affordable.

HOST: And insurance?

MAYOR OKAFOR: Fewer than one in five of the affected homes had flood insurance. A standard homeowner's policy does not cover flooding, and a lot of people did not know that until they called their agent. Some of the neighborhoods that flooded were not even on the official flood maps, which have not been updated since 2009. So those families were never told they needed coverage.

HOST: Is federal disaster assistance available?

MAYOR OKAFOR: Our county has a disaster declaration for public infrastructure, roads, the treatment plant, that kind of thing. But the request for individual assistance, which is the money that goes directly to households, was denied last Friday. We were told our damage did not meet the statewide threshold. The state is appealing, and we are supporting that appeal with everything we have. But I have to be honest with people: the appeal could take weeks, and it may not succeed.

HOST: What happens to those families in the meantime?

MAYOR OKAFOR: Some of them are living in homes with no drywall on the lower floor and mold beginning to appear. Some are paying for a hotel out of savings that were never meant for this. We have had two families tell us they are simply going to walk away and let the bank take the house. We are seeing the first signs of people leaving town, and I am worried that if the assistance does not come, we will lose whole blocks.

HOST: There has been talk of buyouts.

MAYOR OKAFOR: There has. Buyout programs can pay owners to leave the floodplain and turn the land into open space. In some cases, that is the right answer. But they are slow. The last buyout program in this state took an average of three years from application to closing. And every home we buy out is a home that no longer pays property taxes, at the same moment that we face millions in repairs to public buildings. Our budget was already tight before the flood.

HOST: The river has flooded before.

MAYOR OKAFOR: It has. This is the third major flood in twelve years, and the previous two were each described as a hundred-year event. The upstream levee that was supposed to be raised after the 2016 flood still has not been funded. So when people ask me whether this could happen again next spring, the honest answer is yes, and right now we do not have a plan that would stop it.

HOST: Mayor Delia Okafor of Harlan Falls, thank you.

MAYOR OKAFOR: Thank you.`,
  },
  {
    id: 'interview-02-city-budget',
    kind: 'interview',
    title: 'What is in Ravenport\'s proposed budget for next year',
    intendedFraming: 'neutral',
    turn: 'none',
    text: `HOST: The Ravenport City Council holds its first public hearing tonight on the proposed budget for the fiscal year that begins in July. To walk us through it, we are joined by the city's budget director, Samuel Ferreira. Welcome.

SAMUEL FERREIRA: Good morning, thanks for having me.

HOST: Let's start with the headline number. How big is this budget?

SAMUEL FERREIRA: The total proposed budget is $1.14 billion across all funds. The general fund, which is the part that pays for day-to-day services like police, fire, parks and libraries, is $512 million. That is an increase of about 3.1 percent over the current year, which is roughly in line with inflation over the past twelve months.

HOST: Where does that money come from?

SAMUEL FERREIRA: About 41 percent of the general fund comes from property taxes, 27 percent from the city's share of sales taxes, and the rest from a mix of fees, state aid, utility franchise payments and fines. The proposal does not change the property tax rate. However, because assessed values went up, the typical homeowner would pay about $64 more next year on a home assessed at $310,000.

HOST: And on the spending side, what are the biggest items?

SAMUEL FERREIRA: Public safety is the largest, at roughly 48 percent of the general fund. That includes police, fire and emergency medical services. Public works, which covers streets and stormwater, is about 14 percent. Parks and recreation is 7 percent, libraries 3 percent, and the remainder covers everything from the city clerk to information technology and debt service.

HOST: Are there any new programs?

SAMUEL FERREIRA: There are a few. The budget adds 12 positions to a crisis response unit that sends mental health professionals, rather than police officers, to certain 911 calls. It funds the first year of a five-year sidewalk repair program, at $6.5 million a year. And it includes money to extend library hours on Sundays at three branches.

HOST: Anything being cut?

SAMUEL FERREIRA: The budget eliminates 19 positions that are currently vacant, most of them in administrative roles. No one currently employed would lose their job. It also reduces the city's contribution to the downtown events fund by about $400,000, which would mean fewer city-sponsored festivals.

HOST: What about reserves?

SAMUEL FERREIRA: The city's policy is to hold at least 15 percent of general fund spending in reserve. This budget would leave reserves at about 16.2 percent, down slightly from this year.

HOST: How can residents weigh in?

SAMUEL FERREIRA: Tonight's hearing starts at 6 p.m. at City Hall and will be streamed online. There is a second hearing on May 28, and comments can also be submitted in writing through the city's website until June 5. The council is expected to vote on June 11.

HOST: Samuel Ferreira, Ravenport's budget director. Thank you.

SAMUEL FERREIRA: Thank you.`,
  },
  {
    id: 'interview-03-school-reopening',
    kind: 'interview',
    title: 'Lindell Elementary reopens after a year of repairs',
    intendedFraming: 'positive',
    turn: 'negative-to-positive',
    text: `HOST: For most of the last school year, the 430 students of Lindell Elementary were split between three other buildings across the district, after a burst pipe over winter break flooded half the school and revealed widespread mold behind the walls. This week, the building reopens. Superintendent Marcus Hale is with us. Superintendent, I want to start with last year, because I know it was a difficult one.

MARCUS HALE: It was the hardest year of my career, and I have been doing this for twenty-three years.

HOST: What made it so difficult?

MARCUS HALE: Everything happened at once. We found out about the flooding on December 28, and we had to find space for more than four hundred children in six days. We ended up busing them to three schools, some as far as 40 minutes away. Families who had chosen Lindell because it was a walkable neighborhood school suddenly had children on a bus before seven in the morning. Teachers were working out of converted storage rooms and a library. Our kindergarten classes met in a church basement for two months.

HOST: And the academic impact?

MARCUS HALE: It showed. Attendance dropped by about six percentage points. Our spring reading scores for third graders fell, not dramatically, but noticeably. We lost four teachers who simply could not manage the commute or the uncertainty. And honestly, we did not communicate as well as we should have in those first weeks. Parents were finding out about changes from social media before they heard it from us. That is on me.

HOST: There were also questions about the cost of the repairs.

MARCUS HALE: There were. The original estimate was $3.8 million. When contractors opened the walls and saw how far the mold had spread, that rose to $6.1 million. That meant delaying other projects across the district, which frustrated people at other schools, understandably.

HOST: So where do things stand now?

MARCUS HALE: In a much better place, and I say that without spin. The building is fully remediated and has passed three independent air quality tests, with results posted on our website for anyone to read. While we had the walls open, we replaced the entire plumbing system, which was original to the 1962 building, and we installed a new ventilation system. The classrooms now have air that is filtered and exchanged several times an hour, which we simply could not have done before.

HOST: What will students notice on the first day?

MARCUS HALE: A lot. New flooring throughout, brighter lighting, and a renovated library. A local foundation donated $250,000 to rebuild the playground, which the kids had voted on. And teachers will finally have their own classrooms back. I toured the building on Friday with the principal, and several teachers were in there on a Saturday setting up, some of them in tears, honestly.

HOST: What about the teachers you lost?

MARCUS HALE: We hired replacements over the summer, and all four of those positions are filled. Two of the teachers who left last year have actually asked to come back.

HOST: And the academic slide?

MARCUS HALE: We ran a summer reading program at Lindell's sister school, and 210 students attended, which is more than half the school. Early assessments suggest most of them recovered the ground they lost. We will also have two additional reading specialists on staff this year.

HOST: What would you say to parents who are still nervous?

MARCUS HALE: Come and see it. We have an open house on Wednesday evening. Walk the halls, look at the test results, ask us anything. I think people will be pleased. Last year tested this community, and it came through. I think this is going to be a very good year at Lindell.

HOST: Superintendent Marcus Hale, thank you, and good luck on the first day.

MARCUS HALE: Thank you very much.`,
  },
  {
    id: 'interview-04-drug-trial',
    kind: 'interview',
    title: 'A promising memory-loss drug, and the safety signal that halted its trial',
    intendedFraming: 'negative',
    turn: 'positive-to-negative',
    text: `HOST: Two years ago, early results from a trial of an experimental drug called velotrazine generated a lot of hope among families affected by early-stage Alzheimer's disease. This week, the company behind it paused the late-stage trial. Dr. Inés Alvarez is a neurologist who was an investigator in the earlier phase of the study and is now an independent adviser on its safety monitoring. Dr. Alvarez, welcome.

DR. ALVAREZ: Thank you. I should say at the outset that I can speak about published data and my own views, but not about anything that is still confidential to the monitoring board.

HOST: Understood. Let's go back to the beginning. What made velotrazine look so promising?

DR. ALVAREZ: Most of the drugs that have been approved in recent years target amyloid, the sticky protein that builds up in plaques in the brain. Velotrazine works differently. It is designed to reduce inflammation caused by the brain's own immune cells, which many of us now believe is a key driver of damage in the early stages. In the phase two trial, which included 312 patients, those taking the highest dose declined about 34 percent more slowly on a standard measure of memory and daily function than those taking a placebo, over 18 months.

HOST: Thirty-four percent sounds significant.

DR. ALVAREZ: It was. To put it in human terms, some patients in the treatment group were still managing their own finances, still driving, still cooking for their families, at a point where we would have expected them to need more help. I remember one patient, a retired engineer, who told me it was the first time since his diagnosis that he felt he was holding his ground rather than losing it. Those conversations stay with you.

HOST: And the side effects in that earlier trial?

DR. ALVAREZ: They looked manageable. Headaches, some nausea, a modest rise in certain liver enzymes in about 8 percent of patients, which returned to normal when the dose was reduced. Nothing that worried the safety board at the time. The results were published, and the company moved quickly into a phase three trial with about 1,900 patients at 140 sites.

HOST: What happened in phase three?

DR. ALVAREZ: The company's statement says that the independent data monitoring committee recommended a pause after reviewing "an imbalance in serious neurological adverse events." From the public statement and from what has been reported, there were cases of seizures, and a small number of cases of swelling in the brain, among patients on the drug. The company has confirmed that three participants have died, and that the causes are under investigation.

HOST: Did anything in the earlier trial hint at this?

DR. ALVAREZ: In hindsight, there were a few signals that we perhaps did not weigh heavily enough. Two patients in phase two had seizures, one in the placebo group and one in the treatment group, and at that scale it looked like chance. The phase two trial also excluded patients with certain vascular risk factors, and phase three was deliberately broader, which is what you want, because it reflects real patients. But it may mean the drug behaves differently in people with more fragile blood vessels in the brain. We do not know yet.

HOST: What does a pause mean in practice?

DR. ALVAREZ: No new patients are being enrolled, and patients already in the trial have stopped taking the study drug. They are being monitored closely, including with MRI scans. The monitoring committee will review all of the data, the company will report to regulators, and then there will be a decision about whether the trial can resume with changes, perhaps a lower dose or stricter eligibility, or whether it ends.

HOST: How likely is it to resume?

DR. ALVAREZ: I would be cautious. When a trial is paused for deaths and serious brain events, the road back is long. Regulators will want to understand the mechanism. Even if the trial resumes, it would likely be with a smaller group and a longer timeline, and the chance of this drug reaching patients in the next five years has dropped sharply, in my view.

HOST: What are you hearing from patients and families?

DR. ALVAREZ: It is very painful. Many of them enrolled because they had run out of other options, and some felt the drug was working for them. I had a call yesterday from a woman whose husband had been in the study for fourteen months. She told me he had been doing better than at any point since his diagnosis, and now he has had to stop. She asked me whether he would lose what he gained. I could not give her a good answer, and that is a very hard thing to say to someone.

HOST: And for the field more broadly?

DR. ALVAREZ: It is a serious setback. Velotrazine was one of only a handful of drugs in late-stage development that took a different approach from amyloid. If it fails on safety, it will make investors more hesitant to fund similar approaches, even if the problem turns out to be specific to this one molecule. I worry that we will lose several years.

HOST: Dr. Inés Alvarez, thank you for speaking with us.

DR. ALVAREZ: Thank you.`,
  },
  {
    id: 'interview-05-factory-closing',
    kind: 'interview',
    title: 'Workers react as the Dunmore appliance plant prepares to close',
    intendedFraming: 'negative',
    turn: 'none',
    text: `HOST: For seventy-one years, the appliance plant on the east side of Dunmore has made washing machines, then dryers, and most recently refrigerator compressors. Last month its owner, Halvorsen Home Products, announced the plant will close in March, and production will move to a facility in another country. About 1,150 people work there. With me are Teresa Vukovich, president of the union local at the plant, and Darnell Price, who has worked on the compressor line for nineteen years. Thank you both for coming in.

TERESA VUKOVICH: Thank you.

DARNELL PRICE: Thanks for having us.

HOST: Teresa, how did workers learn about the closure?

TERESA VUKOVICH: We were called into a meeting in the cafeteria at the start of second shift on a Tuesday. A vice president we had never seen before read a statement for about six minutes, said there would be no questions, and left. People found out their jobs were ending in the same room they eat lunch in. There was no warning, no talks with the union beforehand, nothing.

HOST: The company says the decision was driven by costs and that the plant had been losing money.

TERESA VUKOVICH: The company said that, but the same company reported record profits last year, and this plant met every productivity target we were given for the last four years. In 2019 we agreed to a wage freeze and higher health insurance costs to keep the plant open. We were told that would secure our future here. It lasted five years.

HOST: Darnell, what has this been like for you and your family?

DARNELL PRICE: Rough. I am forty-eight. I started here when I was twenty-nine, after the Army. My wife works part-time at the school district. We have two kids, one in college. This job pays $27 an hour with benefits, and there is nothing in this county that pays like that for someone without a degree. I have looked. The warehouse jobs out by the highway start at $17, and they want you to work nights.

HOST: What kind of support is being offered?

TERESA VUKOVICH: Severance is one week of pay for every year of service, capped at twenty weeks. Health coverage ends thirty days after your last day. The state will set up a job center on site, and there is federal retraining money available for some workers. Those are real things, and we will help people use them. But retraining takes time, and people have mortgages now.

HOST: What will the closure mean for the wider town?

TERESA VUKOVICH: It is going to be devastating. The plant is the largest private employer in the county. It buys from local machine shops, trucking firms, a packaging company. The diner across the road does most of its business with our shifts. The school district gets a big share of its tax revenue from the property. The mayor's office estimates that another 800 jobs could be lost in the supply chain and in local businesses.

DARNELL PRICE: My neighbor runs a small tool and die shop. He told me thirty percent of his work comes from our plant. He does not know if he can keep his guys on.

HOST: Is there any chance the decision could be reversed?

TERESA VUKOVICH: We have asked for a meeting with the company, and the governor's office has offered incentives. So far, the company has said the decision is final. I do not want to give people false hope.

HOST: Darnell, what happens next for you?

DARNELL PRICE: I do not know. I will probably take the retraining, maybe for HVAC. But I will be starting over at fifty, at half the pay, and I will probably have to drive an hour each way. A lot of guys are talking about moving. This town is going to look very different in two years.

HOST: Teresa Vukovich and Darnell Price, thank you both.`,
  },
];
